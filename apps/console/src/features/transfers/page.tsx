// PLACEHOLDER: the transfers section's engineer replaces this file (decision 0087). A section
// page is the default export of features/<section>/page.tsx, lazily loaded by app/router.tsx
// at /console/transfers; its texts live in i18n/transfers.th.ts and i18n/transfers.en.ts.
import { PlaceholderPage } from '@/components/placeholder-page';
import { useI18n } from '@/i18n/i18n';

export default function TransfersPage() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      title={t('nav.transfers')}
      badge={t('placeholder.badge')}
      text={t('placeholder.text')}
    >
      <p className="muted">{t('transfers.description')}</p>
    </PlaceholderPage>
  );
}
