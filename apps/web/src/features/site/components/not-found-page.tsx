import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n/use-i18n';

/** Any unknown path (spec section 2): a page reading 'Page Not Found'. */
export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <main className="standalone" data-testid="not-found-page">
      <div className="standalone__mark" aria-hidden="true">
        404
      </div>
      <h1>{t('site.notFound')}</h1>
      <p className="muted">{t('site.notFoundText')}</p>
      <Link className="button button--primary" to={paths.root}>
        {t('site.goHome')}
      </Link>
    </main>
  );
}
