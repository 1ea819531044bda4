// PLACEHOLDER: the operators section's engineer replaces this file (decision 0087). A section
// page is the default export of features/<section>/page.tsx, lazily loaded by app/router.tsx
// at /console/operators; its texts live in i18n/operators.th.ts and i18n/operators.en.ts.
import { PlaceholderPage } from '@/components/placeholder-page';
import { useI18n } from '@/i18n/i18n';

export default function OperatorsPage() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      title={t('nav.operators')}
      badge={t('placeholder.badge')}
      text={t('placeholder.text')}
    >
      <p className="muted">{t('operators.description')}</p>
    </PlaceholderPage>
  );
}
