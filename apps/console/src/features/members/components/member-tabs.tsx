import { grantStatuses } from '@wallet/contract/client';
import type { StatusVocabulary } from '@wallet/contract/client';
import { ItemStatus } from '@/components/item-status';
import type { Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { Tabs, type Tab } from '@/components/tabs';
import { useI18n } from '@/i18n/i18n';
import type { membersTh } from '@/i18n/members.th';
import type { RowOf } from '../api';
import { toneOf } from '../lib/status';
import { NotesTab } from './notes-tab';
import { PagedTab } from './paged-tab';
import { ProtectionTab } from './protection-tab';
import { SessionsTab } from './sessions-tab';

export const TAB_IDS = [
  'statement',
  'ledger',
  'deposits',
  'withdrawals',
  'slips',
  'bonuses',
  'sessions',
  'notes',
  'bank',
  'protection',
] as const;
export type TabId = (typeof TAB_IDS)[number];

/** A grant's status (decisions 0071, 0112): not an item the member waits for, so words only. */
const GRANT_STATUSES = grantStatuses;
/** The status vocabulary of each kind of deposit (the contract's statuses.ts). */
const depositVocabulary: Record<RowOf<'deposits'>['kind'], StatusVocabulary> = {
  qr: 'qr',
  slip: 'slip',
  gift_link: 'giftLink',
};
const when = (value: string | null) => (value ? <DateTime value={value} /> : '—');

interface MemberTabsProps {
  memberNo: string;
  selected: TabId;
  onSelect: (id: TabId) => void;
  /** Cashier or admin: may end sessions. */
  mayChange: boolean;
}

export function MemberTabs({ memberNo, selected, onSelect, mayChange }: MemberTabsProps) {
  const { t, lang } = useI18n();
  const col = (key: keyof typeof membersTh.col) => t(`members.col.${key}`);

  const statement: Column<RowOf<'statement'>>[] = [
    { id: 'at', header: col('at'), cell: (x) => <DateTime value={x.createdAt} /> },
    { id: 'type', header: col('type'), cell: (x) => t(`members.statementType.${x.statementType}`) },
    { id: 'from', header: col('from'), cell: (x) => x.from },
    { id: 'to', header: col('to'), cell: (x) => x.to },
    { id: 'amount', header: col('amount'), align: 'end', cell: (x) => <Money baht={x.amount} /> },
    {
      id: 'status',
      header: col('status'),
      cell: (x) => <ItemStatus vocabulary="statement" status={x.status} />,
    },
    { id: 'ref', header: col('reference'), cell: (x) => <code>{x._id}</code> },
  ];
  const ledger: Column<RowOf<'ledger'>>[] = [
    { id: 'at', header: col('at'), cell: (x) => <DateTime value={x.at} /> },
    { id: 'event', header: col('event'), cell: (x) => x.event },
    { id: 'account', header: col('account'), cell: (x) => x.account },
    { id: 'counterparty', header: col('counterparty'), cell: (x) => x.counterparty },
    { id: 'amount', header: col('amount'), align: 'end', cell: (x) => <Money baht={x.amount} /> },
    {
      id: 'after',
      header: col('balanceAfter'),
      align: 'end',
      cell: (x) => <Money baht={x.balanceAfter} />,
    },
    { id: 'ref', header: col('reference'), cell: (x) => x.externalRef ?? x.memo ?? '—' },
  ];
  const deposits: Column<RowOf<'deposits'>>[] = [
    { id: 'at', header: col('at'), cell: (x) => <DateTime value={x.createdAt} /> },
    { id: 'kind', header: col('kind'), cell: (x) => t(`members.kind.${x.kind}`) },
    { id: 'channel', header: col('channel'), cell: (x) => x.channel ?? '—' },
    { id: 'amount', header: col('amount'), align: 'end', cell: (x) => <Money baht={x.amount} /> },
    {
      id: 'status',
      header: col('status'),
      cell: (x) => <ItemStatus vocabulary={depositVocabulary[x.kind]} status={x.status} />,
    },
    { id: 'detail', header: col('detail'), cell: (x) => x.detail ?? '—' },
    { id: 'ref', header: col('reference'), cell: (x) => <code>{x.reference}</code> },
  ];
  const withdrawals: Column<RowOf<'withdrawals'>>[] = [
    { id: 'at', header: col('at'), cell: (x) => <DateTime value={x.createdAt} /> },
    { id: 'amount', header: col('amount'), align: 'end', cell: (x) => <Money baht={x.amount} /> },
    {
      id: 'status',
      header: col('status'),
      cell: (x) => <ItemStatus vocabulary="withdrawal" status={x.status} />,
    },
    { id: 'review', header: col('reviewReason'), cell: (x) => x.reviewReason ?? '—' },
    { id: 'bank', header: col('bankAccountNo'), cell: (x) => `${x.bankCode} ${x.bankAccountNo}` },
    { id: 'by', header: col('decidedBy'), cell: (x) => x.decidedBy ?? '—' },
    { id: 'settled', header: col('settledAt'), cell: (x) => when(x.settledAt) },
    { id: 'ref', header: col('reference'), cell: (x) => <code>{x.reference}</code> },
  ];
  const slips: Column<RowOf<'slips'>>[] = [
    { id: 'at', header: col('at'), cell: (x) => <DateTime value={x.createdAt} /> },
    { id: 'amount', header: col('amount'), align: 'end', cell: (x) => <Money baht={x.amount} /> },
    {
      id: 'status',
      header: col('status'),
      cell: (x) => <ItemStatus vocabulary="slip" status={x.status} />,
    },
    { id: 'reason', header: col('reason'), cell: (x) => x.reason ?? '—' },
    { id: 'bank', header: col('sendingBank'), cell: (x) => x.sendingBank ?? '—' },
    { id: 'ref', header: col('reference'), cell: (x) => <code>{x.reference}</code> },
  ];
  const bonuses: Column<RowOf<'bonuses'>>[] = [
    { id: 'at', header: col('startedAt'), cell: (x) => <DateTime value={x.startedAt} /> },
    { id: 'name', header: col('bonusName'), cell: (x) => x.name[lang] },
    { id: 'kind', header: col('type'), cell: (x) => t(`members.grantKind.${x.kind}`) },
    {
      id: 'credited',
      header: col('credited'),
      align: 'end',
      cell: (x) => <Money baht={x.credited} />,
    },
    {
      id: 'required',
      header: col('required'),
      align: 'end',
      cell: (x) => <Money baht={x.required} />,
    },
    {
      id: 'status',
      header: col('status'),
      cell: (x) => (
        <StatusBadge tone={toneOf(x.status)} title={x.status}>
          {GRANT_STATUSES.includes(x.status as (typeof GRANT_STATUSES)[number])
            ? t(`members.grantStatus.${x.status as (typeof GRANT_STATUSES)[number]}`)
            : x.status}
        </StatusBadge>
      ),
    },
  ];
  const bank: Column<RowOf<'bankChanges'>>[] = [
    { id: 'at', header: col('at'), cell: (x) => <DateTime value={x.at} /> },
    { id: 'kind', header: col('change'), cell: (x) => t(`members.kind.${x.kind}`) },
    {
      id: 'before',
      header: col('before'),
      cell: (x) =>
        [x.before.bankCode, x.before.accountNo, x.before.accountName].filter(Boolean).join(' '),
    },
    {
      id: 'after',
      header: col('after'),
      cell: (x) =>
        [x.after.bankCode, x.after.accountNo, x.after.accountName].filter(Boolean).join(' '),
    },
    { id: 'by', header: col('operator'), cell: (x) => x.operator ?? '—' },
    { id: 'reason', header: col('reason'), cell: (x) => x.reason ?? '—' },
  ];

  const tabs: Tab[] = [
    {
      id: 'statement',
      label: t('members.tabs.statement'),
      panel: () => (
        <PagedTab
          list="statement"
          memberNo={memberNo}
          caption={t('members.captions.statement')}
          columns={statement}
          rowKey={(x) => x._id}
        />
      ),
    },
    {
      id: 'ledger',
      label: t('members.tabs.ledger'),
      panel: () => (
        <PagedTab
          list="ledger"
          memberNo={memberNo}
          caption={t('members.captions.ledger')}
          columns={ledger}
          rowKey={(x) => x.entryId}
        />
      ),
    },
    {
      id: 'deposits',
      label: t('members.tabs.deposits'),
      panel: () => (
        <PagedTab
          list="deposits"
          memberNo={memberNo}
          caption={t('members.captions.deposits')}
          columns={deposits}
          rowKey={(x) => `${x.kind}:${x.reference}`}
        />
      ),
    },
    {
      id: 'withdrawals',
      label: t('members.tabs.withdrawals'),
      panel: () => (
        <PagedTab
          list="withdrawals"
          memberNo={memberNo}
          caption={t('members.captions.withdrawals')}
          columns={withdrawals}
          rowKey={(x) => x.reference}
        />
      ),
    },
    {
      id: 'slips',
      label: t('members.tabs.slips'),
      panel: () => (
        <PagedTab
          list="slips"
          memberNo={memberNo}
          caption={t('members.captions.slips')}
          columns={slips}
          rowKey={(x) => x.reference}
        />
      ),
    },
    {
      id: 'bonuses',
      label: t('members.tabs.bonuses'),
      panel: () => (
        <PagedTab
          list="bonuses"
          memberNo={memberNo}
          caption={t('members.captions.bonuses')}
          columns={bonuses}
          rowKey={(x) => x.id}
        />
      ),
    },
    {
      id: 'sessions',
      label: t('members.tabs.sessions'),
      panel: () => <SessionsTab memberNo={memberNo} mayChange={mayChange} />,
    },
    {
      id: 'notes',
      label: t('members.tabs.notes'),
      panel: () => <NotesTab memberNo={memberNo} />,
    },
    {
      id: 'bank',
      label: t('members.tabs.bank'),
      panel: () => (
        <PagedTab
          list="bankChanges"
          memberNo={memberNo}
          caption={t('members.captions.bank')}
          columns={bank}
          rowKey={(x) => `${x.kind}:${x.id}`}
        />
      ),
    },
    {
      id: 'protection',
      label: t('members.tabs.protection'),
      panel: () => <ProtectionTab memberNo={memberNo} />,
    },
  ];
  return (
    <Tabs
      label={t('members.tabs.label')}
      tabs={tabs}
      selected={selected}
      onSelect={(id) => onSelect(id as TabId)}
    />
  );
}
