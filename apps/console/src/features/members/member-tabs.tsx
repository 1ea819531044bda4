import { grantStatuses } from '@wallet/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { useId, useState } from 'react';
import type { StatusVocabulary } from '@wallet/contract/client';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ItemStatus } from '@/components/item-status';
import type { Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { Tabs, type Tab } from '@/components/tabs';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import type { membersTh } from '@/i18n/members.th';
import { callApi, type ApiAnswer } from '@/lib/api';
import { PagedTab } from './paged-tab';
import { toneOf } from './status';

const r = routes.operatorMembers;
type RowOf<R extends keyof typeof r> =
  ApiAnswer<(typeof r)[R]> extends { rows: (infer T)[] } ? T : never;

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
          route={r.statement}
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
          route={r.ledger}
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
          route={r.deposits}
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
          route={r.withdrawals}
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
          route={r.slips}
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
          route={r.bonuses}
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
          route={r.bankChanges}
          memberNo={memberNo}
          caption={t('members.captions.bank')}
          columns={bank}
          rowKey={(x) => `${x.kind}:${x.id}`}
        />
      ),
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

function SessionsTab({ memberNo, mayChange }: { memberNo: string; mayChange: boolean }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const client = useQueryClient();
  const [target, setTarget] = useState<number | null>(null);
  const revoke = useMutation({
    mutationFn: (sessionId: number) =>
      callApi(r.revokeSession, { params: { memberNo, sessionId } }),
    onSuccess: () => {
      setTarget(null);
      toast.show(t('members.done.revoked'));
      void client.invalidateQueries({ queryKey: ['members', memberNo] });
    },
  });
  const columns: Column<RowOf<'sessions'>>[] = [
    {
      id: 'created',
      header: t('members.col.createdSession'),
      cell: (x) => <DateTime value={x.createdAt} />,
    },
    {
      id: 'seen',
      header: t('members.col.lastSeenAt'),
      cell: (x) => <DateTime value={x.lastSeenAt} />,
    },
    {
      id: 'expires',
      header: t('members.col.expiresAt'),
      cell: (x) => <DateTime value={x.expiresAt} />,
    },
    ...(mayChange
      ? [
          {
            id: 'actions',
            header: t('members.col.actions'),
            cell: (x: RowOf<'sessions'>) => (
              <button
                type="button"
                className="btn"
                aria-label={t('members.actions.revokeLabel', { id: x.id })}
                onClick={() => {
                  revoke.reset();
                  setTarget(x.id);
                }}
              >
                {t('members.actions.revoke')}
              </button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PagedTab
        route={r.sessions}
        memberNo={memberNo}
        caption={t('members.captions.sessions')}
        columns={columns}
        rowKey={(x) => x.id}
      />
      <ConfirmDialog
        open={target !== null}
        title={t('members.confirm.revokeTitle')}
        confirmLabel={t('members.actions.revoke')}
        danger
        busy={revoke.isPending}
        error={
          revoke.error ? errorText((revoke.error as { code?: string }).code ?? 'UNKNOWN') : null
        }
        onConfirm={() => target !== null && revoke.mutate(target)}
        onCancel={() => setTarget(null)}
      >
        <p>{t('members.confirm.revokeText')}</p>
      </ConfirmDialog>
    </>
  );
}

function NotesTab({ memberNo }: { memberNo: string }) {
  const { t, errorText } = useI18n();
  const id = useId();
  const toast = useToast();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const add = useMutation({
    mutationFn: (note: string) =>
      callApi(r.addNote, { params: { memberNo }, body: { text: note } }),
    onSuccess: () => {
      setText('');
      toast.show(t('members.done.noteAdded'));
      void client.invalidateQueries({ queryKey: ['members', memberNo] });
    },
  });
  const columns: Column<RowOf<'notes'>>[] = [
    { id: 'at', header: t('members.col.at'), cell: (x) => <DateTime value={x.at} /> },
    { id: 'operator', header: t('members.col.operator'), cell: (x) => x.operator },
    {
      id: 'text',
      header: t('members.col.note'),
      cell: (x) => <span className="member-note">{x.text}</span>,
    },
  ];
  const form = (
    <form
      className="member-note-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const note = text.trim();
        if (!note) {
          setMissing(true);
          return;
        }
        add.mutate(note);
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-note`}>{t('members.notes.label')}</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={2000}
          value={text}
          aria-invalid={missing || undefined}
          aria-describedby={`${id}-hint${missing ? ` ${id}-missing` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) setMissing(false);
          }}
        />
        <p id={`${id}-hint`} className="muted">
          {t('members.notes.hint')}
        </p>
        {missing ? (
          <p id={`${id}-missing`} className="field-error">
            {t('members.notes.required')}
          </p>
        ) : null}
      </div>
      {add.error ? (
        <p className="alert" role="alert">
          {errorText((add.error as { code?: string }).code ?? 'UNKNOWN')}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={add.isPending}>
        {t('members.notes.add')}
      </button>
    </form>
  );
  return (
    <PagedTab
      route={r.notes}
      memberNo={memberNo}
      caption={t('members.notes.caption')}
      columns={columns}
      rowKey={(x) => x.id}
      before={form}
    />
  );
}
