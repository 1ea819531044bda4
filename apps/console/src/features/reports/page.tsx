// PLACEHOLDER: the reports section's engineer replaces this file (decision 0087). A section
// page is the default export of features/<section>/page.tsx, lazily loaded by app/router.tsx
// at /console/reports; its texts live in i18n/reports.th.ts and i18n/reports.en.ts.
import { PlaceholderPage } from '@/components/placeholder-page';
import { useI18n } from '@/i18n/i18n';

export default function ReportsPage() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      title={t('nav.reports')}
      badge={t('placeholder.badge')}
      text={t('placeholder.text')}
    >
      <p className="muted">{t('reports.description')}</p>
    </PlaceholderPage>
  );
}
