// PLACEHOLDER: the settings section's engineer replaces this file (decision 0087). A section
// page is the default export of features/<section>/page.tsx, lazily loaded by app/router.tsx
// at /console/settings; its texts live in i18n/settings.th.ts and i18n/settings.en.ts.
import { PlaceholderPage } from '@/components/placeholder-page';
import { useI18n } from '@/i18n/i18n';

export default function SettingsPage() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      title={t('nav.settings')}
      badge={t('placeholder.badge')}
      text={t('placeholder.text')}
    >
      <p className="muted">{t('settings.description')}</p>
    </PlaceholderPage>
  );
}
