// Bonuses (decision 0071): every definition with how often it was received and what it paid
// (decision 0092), and a form for each of its fields with the member preview beside it.
import { useMemo, useState } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { formatCount } from '@/lib/format';
import { useBonuses, useUsage, type Bonus } from '../api';
import { LoadFailed, localizedText } from '../shared';
import { newDraft, draftOf, type Draft } from './draft';
import { BonusEditor } from './bonus-editor';

export function BonusesTab() {
  const { t, lang } = useI18n();
  const bonuses = useBonuses();
  const usage = useUsage();
  const [editing, setEditing] = useState<Draft | null>(null);
  const usageOf = useMemo(
    () => new Map((usage.data?.bonuses ?? []).map((u) => [u.code, u])),
    [usage.data],
  );

  const columns: Column<Bonus>[] = [
    {
      id: 'code',
      header: t('promotions.bonuses.columns.code'),
      cell: (b) => <code>{b.code}</code>,
      sortValue: (b) => b.code,
    },
    {
      id: 'name',
      header: t('promotions.bonuses.columns.name'),
      cell: (b) => localizedText(b.name, lang),
    },
    {
      id: 'credit',
      header: t('promotions.bonuses.columns.credit'),
      cell: (b) =>
        b.credit.kind === 'fixed' ? (
          <Money baht={b.credit.amount} currency />
        ) : (
          t('promotions.bonuses.rateCell', {
            percent: b.credit.percent,
            cap: b.credit.cap.toLocaleString('en-US'),
          })
        ),
    },
    {
      id: 'rules',
      header: t('promotions.bonuses.columns.rules'),
      cell: (b) =>
        t('promotions.bonuses.rulesCell', {
          turnover: b.turnoverMultiple,
          times: b.maxReceived,
          type: t(`promotions.bonuses.typeShort.${b.type}`),
        }),
    },
    {
      id: 'received',
      header: t('promotions.bonuses.columns.received'),
      align: 'end',
      cell: (b) => {
        const u = usageOf.get(b.code);
        return (
          <>
            {formatCount(u?.received ?? 0)}
            {u?.open ? (
              <span className="promo-sub">
                {t('promotions.bonuses.openCount', { count: formatCount(u.open) })}
              </span>
            ) : null}
          </>
        );
      },
      sortValue: (b) => usageOf.get(b.code)?.received ?? 0,
    },
    {
      id: 'paid',
      header: t('promotions.bonuses.columns.paid'),
      align: 'end',
      cell: (b) => <Money baht={usageOf.get(b.code)?.paid ?? 0} />,
      sortValue: (b) => usageOf.get(b.code)?.paid ?? 0,
    },
    {
      id: 'enabled',
      header: t('promotions.columns.status'),
      cell: (b) => (
        <StatusBadge tone={b.enabled ? 'ok' : 'neutral'}>
          {t(b.enabled ? 'promotions.status.on' : 'promotions.status.off')}
        </StatusBadge>
      ),
    },
    {
      id: 'actions',
      header: t('promotions.columns.actions'),
      cell: (b) => (
        <button
          type="button"
          className="btn"
          aria-label={t('promotions.bonuses.editLabel', { code: b.code })}
          onClick={() => setEditing(draftOf(b))}
        >
          {t('promotions.form.edit')}
        </button>
      ),
    },
  ];

  return (
    <section className="promo-tab" data-testid="bonuses-tab">
      <div className="promo-toolbar">
        <p className="muted">{t('promotions.bonuses.intro')}</p>
        <button
          type="button"
          className="btn btn-primary"
          data-testid="bonus-new"
          onClick={() => setEditing(newDraft())}
        >
          {t('promotions.bonuses.new')}
        </button>
      </div>
      {bonuses.isError ? (
        <LoadFailed error={bonuses.error} onRetry={() => void bonuses.refetch()} />
      ) : (
        <DataTable
          caption={t('promotions.bonuses.caption')}
          columns={columns}
          rows={bonuses.data}
          rowKey={(b) => b.code}
          loading={bonuses.isPending}
        />
      )}
      {editing ? (
        <BonusEditor
          initial={editing}
          taken={new Set((bonuses.data ?? []).map((b) => b.code))}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
