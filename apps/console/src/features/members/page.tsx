// PLACEHOLDER: the members section's engineer replaces this file (decision 0087). A section
// page is the default export of features/<section>/page.tsx, lazily loaded by app/router.tsx
// at /console/members; its texts live in i18n/members.th.ts and i18n/members.en.ts.
import { PlaceholderPage } from '@/components/placeholder-page';
import { useI18n } from '@/i18n/i18n';

export default function MembersPage() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      title={t('nav.members')}
      badge={t('placeholder.badge')}
      text={t('placeholder.text')}
    >
      <p className="muted">{t('members.description')}</p>
    </PlaceholderPage>
  );
}
