// The deposits section (issue 13, decision 0091): QR deposits, slips (the review of the ones
// the rules held) and gift links, one tab each. The tab, filters and page live in the URL,
// so a view can be shared and survives a reload of the list.
import { useSearchParams } from 'react-router';
import { Tabs } from '@/components/tabs';
import { useI18n } from '@/i18n/i18n';
import type { ListState } from './filters';
import { GiftsTab } from './gifts-tab';
import { QrTab } from './qr-tab';
import { SlipsTab } from './slips-tab';
import './deposits.css';

const TABS = ['slips', 'qr', 'gifts'] as const;
type TabId = (typeof TABS)[number];

const isDay = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : '');

export default function DepositsPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabId = TABS.includes(tabParam as TabId) ? (tabParam as TabId) : 'slips';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const state: ListState = {
    filters: {
      status: params.get('status') ?? '',
      member: params.get('member') ?? '',
      from: isDay(params.get('from')),
      to: isDay(params.get('to')),
    },
    page,
    onFilters: (next) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) {
          if (value) out.set(name, value);
          else out.delete(name);
        }
        out.delete('page');
        return out;
      }),
    onPage: (next) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        out.set('page', String(next));
        return out;
      }),
  };
  return (
    <div className="deposits-page">
      <div className="page-title">
        <h1>{t('deposits.title')}</h1>
      </div>
      <Tabs
        label={t('deposits.tabsLabel')}
        selected={tab}
        onSelect={(id) => setParams(id === 'slips' ? {} : { tab: id })}
        tabs={[
          { id: 'slips', label: t('deposits.tabs.slips'), panel: () => <SlipsTab {...state} /> },
          { id: 'qr', label: t('deposits.tabs.qr'), panel: () => <QrTab {...state} /> },
          { id: 'gifts', label: t('deposits.tabs.gifts'), panel: () => <GiftsTab {...state} /> },
        ]}
      />
    </div>
  );
}
