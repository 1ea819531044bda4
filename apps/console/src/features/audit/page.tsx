// PLACEHOLDER: the audit section's engineer replaces this file (decision 0087). A section
// page is the default export of features/<section>/page.tsx, lazily loaded by app/router.tsx
// at /console/audit; its texts live in i18n/audit.th.ts and i18n/audit.en.ts.
import { PlaceholderPage } from '@/components/placeholder-page';
import { useI18n } from '@/i18n/i18n';

export default function AuditPage() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      title={t('nav.audit')}
      badge={t('placeholder.badge')}
      text={t('placeholder.text')}
    >
      <p className="muted">{t('audit.description')}</p>
    </PlaceholderPage>
  );
}
