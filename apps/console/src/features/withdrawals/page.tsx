// The withdrawals queue (issue 13, decision 0090): status tabs, member and day filters, approve,
// reject with a reason the member sees, the payout's state and attempts, and "retry payout",
// which hands a paying withdrawal to the reconciler at once (it never pays twice).
import { useState } from 'react';
import { Tabs } from '@/components/tabs';
import { useI18n } from '@/i18n/i18n';
import { Queue } from './components/queue';
import { TABS, type TabId } from './lib/tones';
import './withdrawals.css';

export default function WithdrawalsPage() {
  const { t } = useI18n();
  const [tab, setTab] = useState<TabId>('WAITING');
  const [page, setPage] = useState(1);
  const [member, setMember] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const select = (id: string) => {
    setTab(id as TabId);
    setPage(1);
  };

  return (
    <div className="withdrawals-page">
      <div className="page-title">
        <h1>{t('withdrawals.title')}</h1>
      </div>
      <Tabs
        label={t('withdrawals.tabsLabel')}
        selected={tab}
        onSelect={select}
        tabs={TABS.map((id) => ({
          id,
          label: t(`withdrawals.tabs.${id}`),
          panel: () => (
            <Queue
              tab={id}
              page={page}
              onPage={setPage}
              member={member}
              onMember={(value) => {
                setMember(value);
                setPage(1);
              }}
              from={from}
              to={to}
              onDays={(nextFrom, nextTo) => {
                setFrom(nextFrom);
                setTo(nextTo);
                setPage(1);
              }}
            />
          ),
        }))}
      />
    </div>
  );
}
