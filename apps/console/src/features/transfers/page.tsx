// Provider transfers being confirmed (issue 13, decision 0090): the transfers the reconciler
// still holds open, with its state (attempts, next ask, the provider's last answer), a manual
// "ask the provider again" (due now; idempotent), and the recently settled ones.
import { useState } from 'react';
import { Tabs } from '@/components/tabs';
import { useI18n } from '@/i18n/i18n';
import type { TabId } from './api';
import { TransferList } from './components/transfer-list';
import './transfers.css';

export default function TransfersPage() {
  const { t } = useI18n();
  const [tab, setTab] = useState<TabId>('open');
  const [page, setPage] = useState(1);
  const [member, setMember] = useState('');
  const [provider, setProvider] = useState('');
  return (
    <div className="transfers-page">
      <div className="page-title">
        <h1>{t('transfers.title')}</h1>
      </div>
      <p className="muted transfers-intro">{t('transfers.intro')}</p>
      <Tabs
        label={t('transfers.tabsLabel')}
        selected={tab}
        onSelect={(id) => {
          setTab(id as TabId);
          setPage(1);
        }}
        tabs={(['open', 'settled'] as const).map((id) => ({
          id,
          label: t(`transfers.tabs.${id}`),
          panel: () => (
            <TransferList
              tab={id}
              page={page}
              onPage={setPage}
              member={member}
              onMember={(value) => {
                setMember(value);
                setPage(1);
              }}
              provider={provider}
              onProvider={(value) => {
                setProvider(value);
                setPage(1);
              }}
            />
          ),
        }))}
      />
    </div>
  );
}
