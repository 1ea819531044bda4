import { PageHeader } from '@/components/page-header';
import { useI18n } from '@/i18n/use-i18n';
import type { MessageKey } from '@/i18n/types';

/** Signed-in pages whose content arrives with a later issue; the shell around them is real. */
export function PlaceholderPage({ titleKey }: { titleKey: MessageKey }) {
  const { t } = useI18n();
  return (
    <section className="page">
      <PageHeader title={t(titleKey)} />
      <div className="card">
        <p className="muted">{t('common.comingSoon')}</p>
      </div>
    </section>
  );
}
