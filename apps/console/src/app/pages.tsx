// The shell's own pages: a section outside the role, an unknown address, a failed load.
import { Link, useRouteError } from 'react-router';
import { useI18n } from '@/i18n/i18n';
import { useSession } from '@/lib/session';
import { homePath, type SectionId } from './sections';

export function NotAllowed({ section }: { section: SectionId }) {
  const { t } = useI18n();
  const session = useSession();
  const role = session?.operator.role ?? 'support';
  return (
    <div className="card" data-testid="not-allowed">
      <h1>{t('notAllowed.title')}</h1>
      <p>{t('notAllowed.text', { role: t(`roles.${role}`), section: t(`nav.${section}`) })}</p>
      <Link className="btn btn-primary" to={homePath(role)}>
        {t('notAllowed.back')}
      </Link>
    </div>
  );
}

export function NotFound() {
  const { t } = useI18n();
  return (
    <div className="card">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="btn btn-primary" to="/">
        {t('notAllowed.back')}
      </Link>
    </div>
  );
}

/** A route that threw or a section chunk that failed to load (a new release, no network). */
export function RouteError() {
  const { t } = useI18n();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="card" role="alert">
      <h1>{t('app.loadFailed')}</h1>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('app.retry')}
      </button>
    </div>
  );
}
