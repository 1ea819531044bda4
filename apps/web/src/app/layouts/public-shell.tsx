import { Outlet, useLoaderData } from 'react-router';
import { ChatIcon, HomeIcon, PlayCircleIcon, UserPlusIcon } from '@/components/icons';
import { NavLink } from '@/components/link';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n/use-i18n';
import type { publicShellLoader } from '@/app/loaders';
import { OperatorInfo } from '@/app/layouts/operator-info';
import { ChatSlot } from '@/app/layouts/chat-slot';

const menu = [
  { to: paths.login, key: 'nav.home', Icon: HomeIcon },
  { to: paths.register, key: 'nav.register', Icon: UserPlusIcon },
  { to: paths.howto, key: 'nav.howto', Icon: PlayCircleIcon },
  { to: paths.contact, key: 'nav.contact', Icon: ChatIcon },
] as const;

function websiteHref(website: string): string | null {
  if (/^https?:\/\//i.test(website)) return website;
  return /^[\w.-]+\.[a-z]{2,}(\/.*)?$/i.test(website) ? `https://${website}` : null;
}

function Website({ website }: { website: string }) {
  const href = websiteHref(website);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" data-testid="operator-website">
      {website}
    </a>
  ) : (
    <span data-testid="operator-website">{website}</span>
  );
}

/** The visitor's shell (spec section 2): page, footer with the operator website, bottom menu. */
export function PublicShell() {
  const { t } = useI18n();
  const { info } = useLoaderData<typeof publicShellLoader>();
  return (
    <div className="shell shell--public">
      <main className="shell__main" id="main">
        <Outlet />
      </main>
      <footer className="site-footer" data-testid="public-footer">
        <OperatorInfo info={info}>
          {(operator) =>
            // Two lines of their own: as one block they outgrew the page's subtitle and
            // became the page's Largest Contentful Paint when the info arrived (decision 0155).
            operator ? (
              <>
                <p>
                  {t('footer.website')}: <Website website={operator.website} />
                </p>
                <p className="muted">© {operator.name}</p>
              </>
            ) : null
          }
        </OperatorInfo>
      </footer>
      <ChatSlot />
      <nav className="bottom-nav" aria-label={t('nav.mainMenu')} data-testid="public-bottom-nav">
        {menu.map(({ to, key, Icon }) => (
          <NavLink key={to} to={to} className="bottom-nav__item">
            <Icon />
            <span>{t(key)}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
