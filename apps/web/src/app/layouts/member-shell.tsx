import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useRouteLoaderData } from 'react-router';
import {
  ChatIcon,
  ClipboardIcon,
  HistoryIcon,
  HomeIcon,
  LogoutIcon,
  UserIcon,
} from '@/components/icons';
import { LanguageSelect } from '@/components/language-select';
import { NavLink } from '@/components/link';
import { paths } from '@/config/paths';
import { getLocale, withExtraMessages, type Locale } from '@/i18n/i18n';
import { useI18n } from '@/i18n/use-i18n';
import { useLogout } from '@/features/auth/api/logout';
import type { memberLoader } from '@/app/loaders';
import { OperatorInfo } from '@/app/layouts/operator-info';
import { CHAT_LAUNCHER_SLOT_ID } from '@/lib/chat-launcher';
import { ChatSlot } from '@/app/layouts/chat-slot';
import { rememberedOperatorName } from '@/lib/api/get-info';
import { whenEngaged } from '@/lib/when-engaged';
import { HydrateLater } from '@/lib/hydrate-in-steps';

// The conditions modal (and DOMPurify with it) loads only when opened.
const ConditionsDialog = lazy(
  withExtraMessages(() =>
    import('@/features/conditions/components/conditions-dialog').then((m) => ({
      default: m.ConditionsDialog,
    })),
  ),
);

// The reality check (issue 28): a small watcher once the member is engaged (as the chat
// widget: not part of the first load; it compares the clock with the session's start, so
// starting late loses nothing, decision 0144); its dialog later.
const RealityCheck = lazy(() =>
  import('@/features/protection/components/reality-check').then((m) => ({
    default: m.RealityCheck,
  })),
);

/**
 * A subscribed device is sent again at start and on a language change (issue 29,
 * `sendDeviceAgain`); its chunk loads only where push can work.
 */
function sendPushDeviceAgain(locale: Locale): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void import('@/pwa/push-device').then((m) => m.sendDeviceAgain(locale)).catch(() => undefined);
}

/**
 * The signed-in shell (spec section 2): top bar with the app name, language dropdown (current
 * language disabled) and logout; bottom bar with Profile, Conditions, a large Home button,
 * Transaction history and Contact.
 */
export function MemberShell() {
  const { t } = useI18n();
  const memberData = useRouteLoaderData<typeof memberLoader>('member');
  const { logout, pending: loggingOut } = useLogout();
  const [conditionsOpen, setConditionsOpen] = useState(false);
  const [engaged, setEngaged] = useState(false);
  useEffect(() => whenEngaged(() => setEngaged(true)), []);
  // Once per start of the shell (a sign-in, an open of the app), in the language of that
  // moment (read then: a choice made before is already the app's).
  useEffect(() => {
    if (engaged) sendPushDeviceAgain(getLocale());
  }, [engaged]);
  const fallbackName = rememberedOperatorName() ?? t('app.name');

  return (
    <div className="shell shell--member">
      <HydrateLater>
        <header className="top-bar" data-testid="member-top-bar">
          <span className="top-bar__name" data-testid="app-name">
            {memberData ? (
              <OperatorInfo info={memberData.info} fallback={fallbackName}>
                {(operator) => operator?.name || fallbackName}
              </OperatorInfo>
            ) : (
              fallbackName
            )}
          </span>
          <div className="top-bar__actions">
            {/* The chat button, once the widget loads: in the bar, it covers nothing (0131). */}
            <span className="top-bar__chat" id={CHAT_LAUNCHER_SLOT_ID} />
            <LanguageSelect disableCurrent onChanged={sendPushDeviceAgain} />
            <button
              type="button"
              className="icon-button"
              aria-label={t('nav.logout')}
              onClick={logout}
              disabled={loggingOut}
              data-testid="logout-button"
            >
              <LogoutIcon />
            </button>
          </div>
        </header>
      </HydrateLater>
      <main className="shell__main shell__main--member" id="main">
        <Outlet />
      </main>
      <ChatSlot />
      <HydrateLater>
        <nav className="member-nav" aria-label={t('nav.mainMenu')} data-testid="member-bottom-bar">
          <NavLink to={paths.profile} className="member-nav__item">
            <UserIcon />
            <span>{t('nav.profile')}</span>
          </NavLink>
          <button
            type="button"
            className="member-nav__item"
            onClick={() => setConditionsOpen(true)}
            aria-haspopup="dialog"
            data-testid="conditions-button"
          >
            <ClipboardIcon />
            <span>{t('nav.conditions')}</span>
          </button>
          <NavLink to={paths.home} className="member-nav__home" data-testid="home-button">
            <HomeIcon width={30} height={30} />
            <span>{t('nav.home')}</span>
          </NavLink>
          <NavLink to={paths.statement} className="member-nav__item">
            <HistoryIcon />
            <span>{t('nav.history')}</span>
          </NavLink>
          <NavLink to={paths.userContact} className="member-nav__item">
            <ChatIcon />
            <span>{t('nav.contact')}</span>
          </NavLink>
        </nav>
      </HydrateLater>
      {conditionsOpen ? (
        <Suspense fallback={null}>
          <ConditionsDialog onClose={() => setConditionsOpen(false)} />
        </Suspense>
      ) : null}
      {engaged ? (
        <Suspense fallback={null}>
          <RealityCheck onLogout={logout} />
        </Suspense>
      ) : null}
    </div>
  );
}
