import { useI18n } from '@/i18n/use-i18n';

/** Shown when the operator flags the site as gone (spec section 2). */
export function TerminatedPage() {
  const { t } = useI18n();
  return (
    <main className="standalone" data-testid="terminated-page">
      <div className="standalone__mark" aria-hidden="true">
        ⏻
      </div>
      <h1>{t('site.terminatedTitle')}</h1>
      <p className="muted">{t('site.terminatedText')}</p>
    </main>
  );
}
