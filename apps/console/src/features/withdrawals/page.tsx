// PLACEHOLDER: the withdrawals section's engineer replaces this file (decision 0087). A section
// page is the default export of features/<section>/page.tsx, lazily loaded by app/router.tsx
// at /console/withdrawals; its texts live in i18n/withdrawals.th.ts and i18n/withdrawals.en.ts.
import { PlaceholderPage } from '@/components/placeholder-page';
import { useI18n } from '@/i18n/i18n';

export default function WithdrawalsPage() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      title={t('nav.withdrawals')}
      badge={t('placeholder.badge')}
      text={t('placeholder.text')}
    >
      <p className="muted">{t('withdrawals.description')}</p>
    </PlaceholderPage>
  );
}
