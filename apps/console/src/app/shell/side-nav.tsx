import { NavLink } from 'react-router';
import type { OperatorRole } from '@wallet/contract/client';
import { Icon } from '@/components/icons';
import { useI18n } from '@/i18n/i18n';
import { sectionsFor } from '../sections';

/** The sections this role may open; a drop-down panel under the top bar on small screens. */
export function SideNav({ role, open }: { role: OperatorRole; open: boolean }) {
  const { t } = useI18n();
  return (
    <nav
      id="console-nav"
      className={open ? 'side-nav side-nav-open' : 'side-nav'}
      aria-label={t('nav.label')}
    >
      <ul>
        {sectionsFor(role).map((section) => (
          <li key={section.id}>
            <NavLink to={`/${section.id}`} className="side-nav-link">
              <Icon name={section.icon} />
              <span>{t(`nav.${section.id}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
