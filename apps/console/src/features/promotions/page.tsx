// PLACEHOLDER: the promotions section's engineer replaces this file (decision 0087). A section
// page is the default export of features/<section>/page.tsx, lazily loaded by app/router.tsx
// at /console/promotions; its texts live in i18n/promotions.th.ts and i18n/promotions.en.ts.
import { PlaceholderPage } from '@/components/placeholder-page';
import { useI18n } from '@/i18n/i18n';

export default function PromotionsPage() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      title={t('nav.promotions')}
      badge={t('placeholder.badge')}
      text={t('placeholder.text')}
    >
      <p className="muted">{t('promotions.description')}</p>
    </PlaceholderPage>
  );
}
