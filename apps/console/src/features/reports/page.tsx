// Reports (issue 13, decision 0094): money and new members per Bangkok day, and the ledger
// per account kind with its balance check, as tables and charts, each downloadable as a
// CSV file that Excel opens with Thai text. The range lives in the URL (?from&to&tab).
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { DateRange } from '@/components/date-range';
import { Tabs } from '@/components/tabs';
import { useI18n } from '@/i18n/i18n';
import { addDays, bangkokToday } from '@/lib/bangkok-date';
import { DailyPanel } from './components/daily-panel';
import { LedgerPanel } from './components/ledger-panel';
import { ToolsPanel } from './components/tools-panel';
import { TOOL_ROLES } from './api';
import { useSession } from '@/lib/session';
import { DEFAULT_DAYS, MAX_DAYS, validRange, type Range } from './lib/range';
import './reports.css';

export default function ReportsPage() {
  const { t } = useI18n();
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const today = bangkokToday();
  const asked = { from: search.get('from') ?? '', to: search.get('to') ?? '' };
  const range: Range = validRange(asked)
    ? asked
    : { from: addDays(today, 1 - DEFAULT_DAYS), to: today };
  const tab = search.get('tab') === 'ledger' ? 'ledger' : 'daily';
  const [draft, setDraft] = useState<Range>(range);
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validRange(draft)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setSearch({ ...draft, tab }, { replace: true });
  };

  return (
    <div className="reports">
      <div className="page-title">
        <h1>{t('nav.reports')}</h1>
      </div>
      <form className="card reports-form" onSubmit={submit} noValidate>
        <DateRange
          legend={t('reports.rangeLegend')}
          fromLabel={t('reports.from')}
          toLabel={t('reports.to')}
          from={draft.from}
          to={draft.to}
          max={today}
          onChange={(next) => {
            setDraft(next);
            setInvalid(false);
          }}
          error={invalid ? t('reports.rangeInvalid', { days: MAX_DAYS }) : undefined}
        />
        <button type="submit" className="btn btn-primary">
          {t('reports.show')}
        </button>
      </form>
      <Tabs
        label={t('reports.tabsLabel')}
        selected={tab}
        onSelect={(id) => setSearch({ ...range, tab: id }, { replace: true })}
        tabs={[
          { id: 'daily', label: t('reports.tabDaily'), panel: () => <DailyPanel range={range} /> },
          {
            id: 'ledger',
            label: t('reports.tabLedger'),
            panel: () => <LedgerPanel range={range} />,
          },
        ]}
      />
      {TOOL_ROLES.includes(session?.operator.role ?? '') ? <ToolsPanel /> : null}
    </div>
  );
}
