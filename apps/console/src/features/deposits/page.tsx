// PLACEHOLDER: the deposits section's engineer replaces this file (decision 0087). A section
// page is the default export of features/<section>/page.tsx, lazily loaded by app/router.tsx
// at /console/deposits; its texts live in i18n/deposits.th.ts and i18n/deposits.en.ts.
import { PlaceholderPage } from '@/components/placeholder-page';
import { useI18n } from '@/i18n/i18n';

export default function DepositsPage() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      title={t('nav.deposits')}
      badge={t('placeholder.badge')}
      text={t('placeholder.text')}
    >
      <p className="muted">{t('deposits.description')}</p>
    </PlaceholderPage>
  );
}
