// PLACEHOLDER: the dashboard section's engineer replaces this file (decision 0087). A section
// page is the default export of features/<section>/page.tsx, lazily loaded by app/router.tsx
// at /console/dashboard; its texts live in i18n/dashboard.th.ts and i18n/dashboard.en.ts.
import { PlaceholderPage } from '@/components/placeholder-page';
import { useI18n } from '@/i18n/i18n';

export default function DashboardPage() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      title={t('nav.dashboard')}
      badge={t('placeholder.badge')}
      text={t('placeholder.text')}
    >
      <p className="muted">{t('dashboard.description')}</p>
    </PlaceholderPage>
  );
}
