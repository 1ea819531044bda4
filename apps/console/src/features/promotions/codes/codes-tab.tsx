// Promotion codes (decision 0071): each code with its bonus, window, limits, uses and what it
// paid (decision 0092); create and edit with the member preview; a code's uses, page by page.
import { useMemo, useState } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { formatCount } from '@/lib/format';
import { useBonuses, usePromotions, useUsage, type Promotion } from '../api';
import { LoadFailed, localizedText } from '../shared';
import '@/components/dialog.css';
import { newDraft, draftOf, windowState, type Draft } from './draft';
import { CodeEditor } from './code-editor';
import { UsesDialog } from './uses-dialog';

export function CodesTab() {
  const { t, lang } = useI18n();
  const promotions = usePromotions();
  const bonuses = useBonuses();
  const usage = useUsage();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [usesOf, setUsesOf] = useState<string | null>(null);
  const usageOf = useMemo(
    () => new Map((usage.data?.promotions ?? []).map((u) => [u.code, u])),
    [usage.data],
  );
  const now = Date.now();
  const tones = {
    on: 'ok',
    scheduled: 'info',
    ended: 'neutral',
    usedUp: 'warn',
    off: 'neutral',
  } as const;

  const columns: Column<Promotion>[] = [
    {
      id: 'code',
      header: t('promotions.codes.columns.code'),
      cell: (p) => <code>{p.code}</code>,
      sortValue: (p) => p.code,
    },
    {
      id: 'bonus',
      header: t('promotions.codes.columns.bonus'),
      cell: (p) => {
        const bonus = bonuses.data?.find((b) => b.code === p.bonusCode);
        return (
          <>
            <code>{p.bonusCode}</code>
            {bonus ? (
              <span className="promo-sub promo-wrap">{localizedText(bonus.name, lang)}</span>
            ) : null}
          </>
        );
      },
    },
    {
      id: 'window',
      header: t('promotions.codes.columns.window'),
      cell: (p) => (
        <>
          <DateTime value={p.validFrom} />
          <span className="promo-sub">
            – {p.validTo ? <DateTime value={p.validTo} /> : t('promotions.codes.noEnd')}
          </span>
        </>
      ),
    },
    {
      id: 'uses',
      header: t('promotions.codes.columns.uses'),
      align: 'end',
      cell: (p) => (
        <>
          {p.maxUsesTotal === null
            ? formatCount(p.uses)
            : t('promotions.codes.usesOf', {
                uses: formatCount(p.uses),
                max: formatCount(p.maxUsesTotal),
              })}
          <span className="promo-sub">
            {t('promotions.codes.membersCount', {
              count: formatCount(usageOf.get(p.code)?.members ?? 0),
            })}
          </span>
        </>
      ),
      sortValue: (p) => p.uses,
    },
    {
      id: 'paid',
      header: t('promotions.codes.columns.paid'),
      align: 'end',
      cell: (p) => <Money baht={usageOf.get(p.code)?.paid ?? 0} />,
      sortValue: (p) => usageOf.get(p.code)?.paid ?? 0,
    },
    {
      id: 'status',
      header: t('promotions.columns.status'),
      cell: (p) => {
        const state = windowState(p, now);
        return (
          <StatusBadge tone={tones[state]}>{t(`promotions.codes.state.${state}`)}</StatusBadge>
        );
      },
    },
    {
      id: 'actions',
      header: t('promotions.columns.actions'),
      cell: (p) => (
        <span className="promo-actions">
          <button
            type="button"
            className="btn"
            aria-label={t('promotions.codes.editLabel', { code: p.code })}
            onClick={() => setEditing(draftOf(p))}
          >
            {t('promotions.form.edit')}
          </button>
          <button
            type="button"
            className="btn"
            aria-label={t('promotions.codes.usesLabel', { code: p.code })}
            onClick={() => setUsesOf(p.code)}
          >
            {t('promotions.codes.usesButton')}
          </button>
        </span>
      ),
    },
  ];

  const bonusList = bonuses.data ?? [];
  return (
    <section className="promo-tab" data-testid="codes-tab">
      <div className="promo-toolbar">
        <p className="muted">{t('promotions.codes.intro')}</p>
        <button
          type="button"
          className="btn btn-primary"
          data-testid="code-new"
          disabled={bonusList.length === 0}
          onClick={() => setEditing(newDraft(bonusList[0]?.code ?? ''))}
        >
          {t('promotions.codes.new')}
        </button>
      </div>
      {promotions.isError ? (
        <LoadFailed error={promotions.error} onRetry={() => void promotions.refetch()} />
      ) : (
        <DataTable
          caption={t('promotions.codes.caption')}
          columns={columns}
          rows={promotions.data}
          rowKey={(p) => p.code}
          loading={promotions.isPending}
        />
      )}
      {editing ? (
        <CodeEditor
          initial={editing}
          bonuses={bonusList}
          taken={new Set((promotions.data ?? []).map((p) => p.code))}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {usesOf ? <UsesDialog code={usesOf} onClose={() => setUsesOf(null)} /> : null}
    </section>
  );
}
