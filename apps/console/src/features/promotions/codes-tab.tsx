// Promotion codes (decision 0071): each code with its bonus, window, limits, uses and what it
// paid (decision 0092); create and edit with the member preview; a code's uses, page by page.
import { promotionLimits as L } from '@wallet/contract/client';
import { useMemo, useState } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { Pager } from '@/components/pager';
import { StatusBadge } from '@/components/status-badge';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { formatCount } from '@/lib/format';
import {
  useBonuses,
  usePromotions,
  usePromotionUses,
  useSavePromotion,
  useUsage,
  type Bonus,
  type Promotion,
  type PromotionBody,
} from './api';
import { EditorDialog } from './editor-dialog';
import { CheckField, InputField, LocalizedField, SelectField } from './fields';
import {
  collector,
  emptyLocalized,
  fromBangkokInput,
  intIn,
  numberText,
  toBangkokInput,
  type Localized,
  type Problems,
  withoutProblems,
} from './form';
import { PromotionPreview } from './member-preview';
import { LoadFailed, localizedText, saveErrorText } from './shared';
import '@/components/dialog.css';

interface Draft {
  isNew: boolean;
  code: string;
  bonusCode: string;
  description: Localized;
  validFrom: string;
  validTo: string;
  maxUsesPerMember: string;
  maxUsesTotal: string;
  enabled: boolean;
}

const newDraft = (bonusCode: string): Draft => ({
  isNew: true,
  code: '',
  bonusCode,
  description: emptyLocalized(),
  validFrom: toBangkokInput(new Date().toISOString()),
  validTo: '',
  maxUsesPerMember: '1',
  maxUsesTotal: '',
  enabled: true,
});

const draftOf = (p: Promotion): Draft => ({
  isNew: false,
  code: p.code,
  bonusCode: p.bonusCode,
  description: p.description,
  validFrom: toBangkokInput(p.validFrom),
  validTo: toBangkokInput(p.validTo),
  maxUsesPerMember: numberText(p.maxUsesPerMember),
  maxUsesTotal: numberText(p.maxUsesTotal),
  enabled: p.enabled,
});

function check(
  d: Draft,
  taken: ReadonlySet<string>,
): { body: PromotionBody | null; problems: Problems } {
  const c = collector();
  const upper = d.code.trim().toUpperCase();
  const code = c.take(
    'code',
    upper === ''
      ? 'KEY_MISSING'
      : /^[A-Z0-9]{1,32}$/.test(upper) && !(d.isNew && taken.has(upper))
        ? upper
        : 'KEY_INVALID',
  );
  const bonusCode = c.take('bonusCode', d.bonusCode ? d.bonusCode : 'KEY_MISSING');
  const description = c.localized('description', d.description, L.textMax);
  const validFrom = c.take(
    'validFrom',
    d.validFrom.trim() === '' ? 'KEY_MISSING' : fromBangkokInput(d.validFrom),
  );
  const validTo = c.take('validTo', fromBangkokInput(d.validTo));
  if (validFrom && validTo && validTo <= validFrom) c.take('validTo', 'KEY_INVALID');
  const maxUsesPerMember = c.take(
    'maxUsesPerMember',
    intIn(d.maxUsesPerMember, L.maxUsesPerMember),
  );
  const maxUsesTotal =
    d.maxUsesTotal.trim() === ''
      ? null
      : c.take('maxUsesTotal', intIn(d.maxUsesTotal, L.maxUsesTotal));
  if (!c.ok() || !validFrom) return { body: null, problems: c.problems };
  return {
    body: {
      code,
      bonusCode,
      description,
      validFrom,
      validTo,
      maxUsesPerMember,
      maxUsesTotal,
      enabled: d.enabled,
    },
    problems: {},
  };
}

function CodeEditor({
  initial,
  bonuses,
  taken,
  onClose,
}: {
  initial: Draft;
  bonuses: Bonus[];
  taken: ReadonlySet<string>;
  onClose: () => void;
}) {
  const { t, errorText, lang } = useI18n();
  const toast = useToast();
  const save = useSavePromotion();
  const [d, setD] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setD({ ...d, [key]: value });
    // A changed field's problem goes; the rest stay until the next Save.
    setProblems((found) => withoutProblems(found, key));
  };
  const bonus = bonuses.find((b) => b.code === d.bonusCode);

  const submit = () => {
    const { body, problems: found } = check(d, taken);
    setProblems(found);
    setError(null);
    if (!body) return;
    save.mutate(
      { code: body.code, body, isNew: d.isNew },
      {
        onSuccess: () => {
          toast.show(t(d.isNew ? 'promotions.form.created' : 'promotions.form.saved'));
          onClose();
        },
        onError: (e) => setError(saveErrorText(e, errorText)),
      },
    );
  };
  const hint = (key: string) => t(`promotions.codes.hints.${key}` as never);

  return (
    <EditorDialog
      title={
        d.isNew ? t('promotions.codes.newTitle') : t('promotions.codes.editTitle', { code: d.code })
      }
      busy={save.isPending}
      error={error}
      invalid={Object.keys(problems).length > 0}
      onSubmit={submit}
      onCancel={onClose}
      testId="code-editor"
      aside={
        <PromotionPreview
          code={d.code.toUpperCase()}
          description={d.description}
          terms={
            bonus
              ? {
                  credit: bonus.credit,
                  minDeposit: bonus.minDeposit,
                  turnoverMultiple: bonus.turnoverMultiple,
                  weights: bonus.weights,
                  percentFail: bonus.percentFail,
                }
              : null
          }
        />
      }
    >
      <div className="promo-grid">
        <InputField
          label={t('promotions.codes.fields.code')}
          hint={hint('code')}
          value={d.code}
          maxLength={L.codeMax}
          disabled={!d.isNew}
          problem={problems.code}
          testId="code-code"
          onChange={(v) => set('code', v.toUpperCase())}
        />
        <SelectField
          label={t('promotions.codes.fields.bonus')}
          hint={hint('bonus')}
          value={d.bonusCode}
          testId="code-bonus"
          options={bonuses.map((b) => ({
            value: b.code,
            label: `${b.code} · ${localizedText(b.name, lang)}${b.enabled ? '' : ` (${t('promotions.status.off')})`}`,
          }))}
          onChange={(v) => set('bonusCode', v)}
        />
      </div>
      <CheckField
        label={t('promotions.codes.fields.enabled')}
        checked={d.enabled}
        onChange={(v) => set('enabled', v)}
      />
      <LocalizedField
        legend={t('promotions.codes.fields.description')}
        hint={hint('description')}
        field="description"
        value={d.description}
        problems={problems}
        maxLength={L.textMax}
        multiline
        testId="code-description"
        onChange={(v) => set('description', v)}
      />
      <div className="promo-grid">
        <InputField
          label={t('promotions.codes.fields.validFrom')}
          hint={hint('validFrom')}
          type="datetime-local"
          value={d.validFrom}
          problem={problems.validFrom}
          onChange={(v) => set('validFrom', v)}
        />
        <InputField
          label={t('promotions.codes.fields.validTo')}
          hint={hint('validTo')}
          type="datetime-local"
          value={d.validTo}
          problem={problems.validTo}
          onChange={(v) => set('validTo', v)}
        />
        <InputField
          label={t('promotions.codes.fields.maxUsesPerMember')}
          hint={hint('maxUsesPerMember')}
          inputMode="numeric"
          value={d.maxUsesPerMember}
          problem={problems.maxUsesPerMember}
          onChange={(v) => set('maxUsesPerMember', v)}
        />
        <InputField
          label={t('promotions.codes.fields.maxUsesTotal')}
          hint={hint('maxUsesTotal')}
          inputMode="numeric"
          value={d.maxUsesTotal}
          problem={problems.maxUsesTotal}
          onChange={(v) => set('maxUsesTotal', v)}
        />
      </div>
    </EditorDialog>
  );
}

/** A code's uses, newest first, in a dialog. */
function UsesDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const uses = usePromotionUses(code, page);
  type Use = NonNullable<typeof uses.data>['rows'][number];
  const columns: Column<Use>[] = [
    {
      id: 'when',
      header: t('promotions.codes.uses.when'),
      cell: (u) => <DateTime value={u.createdAt} />,
    },
    { id: 'member', header: t('promotions.codes.uses.member'), cell: (u) => u.memberId },
    {
      id: 'useNo',
      header: t('promotions.codes.uses.useNo'),
      align: 'end',
      cell: (u) => formatCount(u.useNo),
    },
    {
      id: 'totalNo',
      header: t('promotions.codes.uses.totalNo'),
      align: 'end',
      cell: (u) => formatCount(u.totalNo),
    },
    {
      id: 'credited',
      header: t('promotions.codes.uses.credited'),
      align: 'end',
      cell: (u) => <Money baht={u.credited} />,
    },
    {
      id: 'status',
      header: t('promotions.codes.uses.status'),
      cell: (u) => (
        <StatusBadge tone={u.status === 'open' ? 'info' : u.status === 'met' ? 'ok' : 'neutral'}>
          {t(`promotions.grantStatus.${u.status}` as never)}
        </StatusBadge>
      ),
    },
  ];
  return (
    <EditorDialog
      title={t('promotions.codes.uses.title', { code })}
      busy={false}
      error={null}
      invalid={false}
      onSubmit={onClose}
      onCancel={onClose}
      testId="code-uses"
      readOnly
    >
      {uses.isError ? (
        <LoadFailed error={uses.error} onRetry={() => void uses.refetch()} />
      ) : (
        <>
          <DataTable
            caption={t('promotions.codes.uses.caption', { code })}
            columns={columns}
            rows={uses.data?.rows}
            rowKey={(u) => u.totalNo}
            loading={uses.isPending}
          />
          {uses.data ? (
            <Pager page={page} pageSize={20} total={uses.data.total} onPage={setPage} />
          ) : null}
        </>
      )}
    </EditorDialog>
  );
}

function windowState(p: Promotion, now: number): 'off' | 'scheduled' | 'ended' | 'usedUp' | 'on' {
  if (!p.enabled) return 'off';
  if (Date.parse(p.validFrom) > now) return 'scheduled';
  if (p.validTo && Date.parse(p.validTo) <= now) return 'ended';
  if (p.maxUsesTotal !== null && p.uses >= p.maxUsesTotal) return 'usedUp';
  return 'on';
}

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
