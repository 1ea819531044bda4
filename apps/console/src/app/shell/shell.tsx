// The signed-in frame: top bar, side navigation (a menu under ~900 px), the section, the
// idle-timeout warning. Rendered only with a session (app/router.tsx).
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { OperatorSession } from '@/lib/session';
import { useI18n } from '@/i18n/i18n';
import { signOut } from '../auth/session-actions';
import { IdleWarning } from '../auth/idle-warning';
import { useIdleTimeout } from '../auth/use-idle-timeout';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import './shell.css';

export function Shell({ session }: { session: OperatorSession }) {
  const { t } = useI18n();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const onIdle = useCallback(() => void signOut('idle'), []);
  const idle = useIdleTimeout(session.idleMinutes, onIdle);

  // A new section: close the small-screen menu and take focus to the page's content.
  const first = useRef(true);
  useEffect(() => {
    setMenuOpen(false);
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [location.pathname]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <TopBar
        operator={session.operator}
        menuOpen={menuOpen}
        onToggleMenu={() => setMenuOpen((open) => !open)}
      />
      <div className="shell-body">
        <SideNav role={session.operator.role} open={menuOpen} />
        <main id="main" ref={main} tabIndex={-1} className="shell-main">
          <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {idle.warningSeconds !== null ? (
        <IdleWarning
          seconds={idle.warningSeconds}
          onStay={idle.stay}
          onSignOut={() => void signOut('signedOut')}
        />
      ) : null}
    </div>
  );
}
