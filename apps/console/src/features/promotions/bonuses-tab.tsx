// Bonuses (decision 0071): every definition with how often it was received and what it paid
// (decision 0092), and a form for each of its fields with the member preview beside it.
import { parseAmountInput } from '@wallet/client/amount';
import { promotionLimits as L } from '@wallet/contract/client';
import { useMemo, useState } from 'react';
import { bonusTypes, gameCategories } from '@wallet/contract/client';
import { DataTable, type Column } from '@/components/data-table';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { formatCount } from '@/lib/format';
import { useBonuses, useSaveBonus, useUsage, type Bonus, type BonusBody } from './api';
import { BannersField, checkBanners, type BannerDraft } from './banners-field';
import { EditorDialog } from './editor-dialog';
import { CheckField, InputField, LocalizedField, SelectField } from './fields';
import {
  bahtIn,
  collector,
  emptyLocalized,
  intIn,
  numberText,
  type Localized,
  type Problems,
  withoutProblems,
} from './form';
import { BonusPreview, type PreviewTerms } from './member-preview';
import { LoadFailed, localizedText, saveErrorText } from './shared';

type Category = (typeof gameCategories)[number];
type BonusType = (typeof bonusTypes)[number];

interface Draft {
  isNew: boolean;
  code: string;
  name: Localized;
  description: Localized;
  banners: BannerDraft[];
  type: BonusType;
  maxReceived: string;
  percentFail: string;
  creditKind: 'fixed' | 'rate';
  amount: string;
  percent: string;
  cap: string;
  minDeposit: string;
  turnoverMultiple: string;
  weights: Record<Category, string>;
  enabled: boolean;
  sortOrder: string;
}

const newDraft = (): Draft => ({
  isNew: true,
  code: '',
  name: emptyLocalized(),
  description: emptyLocalized(),
  banners: [],
  type: 'limit',
  maxReceived: '1',
  percentFail: '10',
  creditKind: 'rate',
  amount: '',
  percent: '100',
  cap: '500',
  minDeposit: '100',
  turnoverMultiple: '1',
  weights: { slot: '100', sport: '50', lotto: '0' },
  enabled: false,
  sortOrder: '0',
});

const draftOf = (b: Bonus): Draft => ({
  isNew: false,
  code: b.code,
  name: b.name,
  description: b.description,
  banners: b.banners.map((x) => ({ image: x.image, html: x.html })),
  type: b.type,
  maxReceived: numberText(b.maxReceived),
  percentFail: numberText(b.percentFail),
  creditKind: b.credit.kind,
  amount: b.credit.kind === 'fixed' ? numberText(b.credit.amount) : '',
  percent: b.credit.kind === 'rate' ? numberText(b.credit.percent) : '100',
  cap: b.credit.kind === 'rate' ? numberText(b.credit.cap) : '500',
  minDeposit: numberText(b.minDeposit),
  turnoverMultiple: numberText(b.turnoverMultiple),
  weights: {
    slot: numberText(b.weights.slot),
    sport: numberText(b.weights.sport),
    lotto: numberText(b.weights.lotto),
  },
  enabled: b.enabled,
  sortOrder: numberText(b.sortOrder),
});

/** The request body, or the problems found. */
function check(
  d: Draft,
  taken: ReadonlySet<string>,
): { body: BonusBody | null; problems: Problems } {
  const c = collector();
  const upper = d.code.trim().toUpperCase();
  const code = c.take(
    'code',
    upper === ''
      ? 'KEY_MISSING'
      : /^[A-Z0-9_-]{1,32}$/.test(upper) && !(d.isNew && taken.has(upper))
        ? upper
        : 'KEY_INVALID',
  );
  const name = c.localized('name', d.name, L.textMax);
  const description = c.localized('description', d.description, L.textMax, false);
  const banners = checkBanners(c, d.banners, L.textMax);
  const maxReceived = c.take('maxReceived', intIn(d.maxReceived, L.maxReceived));
  const percentFail = c.take('percentFail', intIn(d.percentFail, L.percent));
  const credit =
    d.creditKind === 'fixed'
      ? { kind: 'fixed' as const, amount: c.take('amount', bahtIn(d.amount)) }
      : {
          kind: 'rate' as const,
          percent: c.take('percent', intIn(d.percent, L.percent)),
          cap: c.take('cap', bahtIn(d.cap)),
        };
  const minDeposit = c.take('minDeposit', bahtIn(d.minDeposit));
  const turnoverMultiple = c.take(
    'turnoverMultiple',
    intIn(d.turnoverMultiple, L.turnoverMultiple),
  );
  const weights = {
    slot: c.take('weights.slot', intIn(d.weights.slot, L.percent)),
    sport: c.take('weights.sport', intIn(d.weights.sport, L.percent)),
    lotto: c.take('weights.lotto', intIn(d.weights.lotto, L.percent)),
  };
  const sortOrder = c.take('sortOrder', intIn(d.sortOrder, L.bonusSortOrder));
  if (!c.ok()) return { body: null, problems: c.problems };
  return {
    body: {
      code,
      name,
      description,
      banners,
      type: d.type,
      maxReceived,
      percentFail,
      credit,
      minDeposit,
      turnoverMultiple,
      weights,
      enabled: d.enabled,
      sortOrder,
    },
    problems: {},
  };
}

/** What the preview shows while the form is being filled (unparsed numbers read as 0). */
function previewTerms(d: Draft): PreviewTerms {
  const n = (text: string) => {
    const amount = parseAmountInput(text);
    return amount.ok ? amount.baht : 0;
  };
  return {
    credit:
      d.creditKind === 'fixed'
        ? { kind: 'fixed', amount: n(d.amount) }
        : { kind: 'rate', percent: n(d.percent), cap: n(d.cap) },
    minDeposit: n(d.minDeposit),
    turnoverMultiple: n(d.turnoverMultiple),
    weights: { slot: n(d.weights.slot), sport: n(d.weights.sport), lotto: n(d.weights.lotto) },
    percentFail: n(d.percentFail),
  };
}

function BonusEditor({
  initial,
  taken,
  onClose,
}: {
  initial: Draft;
  taken: ReadonlySet<string>;
  onClose: () => void;
}) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const save = useSaveBonus();
  const [d, setD] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setD({ ...d, [key]: value });
    // A changed field's problem goes; the rest stay until the next Save.
    setProblems((found) => withoutProblems(found, key));
  };

  const submit = () => {
    const { body, problems: found } = check(d, taken);
    setProblems(found);
    setError(null);
    if (!body) return;
    save.mutate(
      { code: d.code.trim().toUpperCase(), body, isNew: d.isNew },
      {
        onSuccess: () => {
          toast.show(t(d.isNew ? 'promotions.form.created' : 'promotions.form.saved'));
          onClose();
        },
        onError: (e) => setError(saveErrorText(e, errorText)),
      },
    );
  };

  const hint = (key: string) => t(`promotions.bonuses.hints.${key}` as never);
  return (
    <EditorDialog
      title={
        d.isNew
          ? t('promotions.bonuses.newTitle')
          : t('promotions.bonuses.editTitle', { code: d.code })
      }
      busy={save.isPending}
      error={error}
      invalid={Object.keys(problems).length > 0}
      onSubmit={submit}
      onCancel={onClose}
      testId="bonus-editor"
      aside={<BonusPreview name={d.name} banners={d.banners} terms={previewTerms(d)} />}
    >
      <div className="promo-grid">
        <InputField
          label={t('promotions.bonuses.fields.code')}
          hint={hint('code')}
          value={d.code}
          maxLength={L.codeMax}
          disabled={!d.isNew}
          problem={problems.code}
          testId="bonus-code"
          onChange={(v) => set('code', v.toUpperCase())}
        />
        <InputField
          label={t('promotions.bonuses.fields.sortOrder')}
          hint={hint('sortOrder')}
          inputMode="numeric"
          value={d.sortOrder}
          problem={problems.sortOrder}
          onChange={(v) => set('sortOrder', v)}
        />
      </div>
      <CheckField
        label={t('promotions.bonuses.fields.enabled')}
        hint={hint('enabled')}
        checked={d.enabled}
        onChange={(v) => set('enabled', v)}
      />
      <LocalizedField
        legend={t('promotions.bonuses.fields.name')}
        field="name"
        value={d.name}
        problems={problems}
        maxLength={L.textMax}
        testId="bonus-name"
        onChange={(v) => set('name', v)}
      />
      <LocalizedField
        legend={t('promotions.bonuses.fields.description')}
        field="description"
        value={d.description}
        problems={problems}
        maxLength={L.textMax}
        multiline
        onChange={(v) => set('description', v)}
      />
      <fieldset className="promo-fieldset">
        <legend>{t('promotions.bonuses.fields.creditLegend')}</legend>
        <SelectField
          label={t('promotions.bonuses.fields.creditKind')}
          value={d.creditKind}
          options={[
            { value: 'rate', label: t('promotions.bonuses.creditKinds.rate') },
            { value: 'fixed', label: t('promotions.bonuses.creditKinds.fixed') },
          ]}
          onChange={(v) => set('creditKind', v)}
        />
        {d.creditKind === 'fixed' ? (
          <InputField
            label={t('promotions.bonuses.fields.amount')}
            hint={hint('amount')}
            inputMode="decimal"
            suffix="฿"
            value={d.amount}
            problem={problems.amount}
            onChange={(v) => set('amount', v)}
          />
        ) : (
          <div className="promo-grid">
            <InputField
              label={t('promotions.bonuses.fields.percent')}
              hint={hint('percent')}
              inputMode="numeric"
              suffix="%"
              value={d.percent}
              problem={problems.percent}
              onChange={(v) => set('percent', v)}
            />
            <InputField
              label={t('promotions.bonuses.fields.cap')}
              hint={hint('cap')}
              inputMode="decimal"
              suffix="฿"
              value={d.cap}
              problem={problems.cap}
              onChange={(v) => set('cap', v)}
            />
          </div>
        )}
        <InputField
          label={t('promotions.bonuses.fields.minDeposit')}
          hint={hint('minDeposit')}
          inputMode="decimal"
          suffix="฿"
          value={d.minDeposit}
          problem={problems.minDeposit}
          onChange={(v) => set('minDeposit', v)}
        />
      </fieldset>
      <fieldset className="promo-fieldset">
        <legend>{t('promotions.bonuses.fields.limitLegend')}</legend>
        <div className="promo-grid">
          <SelectField
            label={t('promotions.bonuses.fields.type')}
            value={d.type}
            options={bonusTypes.map((type) => ({
              value: type,
              label: t(`promotions.bonuses.types.${type}`),
            }))}
            onChange={(v) => set('type', v)}
          />
          <InputField
            label={t('promotions.bonuses.fields.maxReceived')}
            hint={hint('maxReceived')}
            inputMode="numeric"
            value={d.maxReceived}
            problem={problems.maxReceived}
            onChange={(v) => set('maxReceived', v)}
          />
        </div>
      </fieldset>
      <fieldset className="promo-fieldset">
        <legend>{t('promotions.bonuses.fields.turnoverLegend')}</legend>
        <div className="promo-grid">
          <InputField
            label={t('promotions.bonuses.fields.turnoverMultiple')}
            hint={hint('turnoverMultiple')}
            inputMode="numeric"
            suffix="×"
            value={d.turnoverMultiple}
            problem={problems.turnoverMultiple}
            onChange={(v) => set('turnoverMultiple', v)}
          />
          <InputField
            label={t('promotions.bonuses.fields.percentFail')}
            hint={hint('percentFail')}
            inputMode="numeric"
            suffix="%"
            value={d.percentFail}
            problem={problems.percentFail}
            onChange={(v) => set('percentFail', v)}
          />
        </div>
        <div className="promo-grid promo-grid-3">
          {gameCategories.map((category) => (
            <InputField
              key={category}
              label={t(`promotions.bonuses.weights.${category}`)}
              hint={hint('weight')}
              inputMode="numeric"
              suffix="%"
              value={d.weights[category]}
              problem={problems[`weights.${category}`]}
              onChange={(v) => set('weights', { ...d.weights, [category]: v })}
            />
          ))}
        </div>
      </fieldset>
      <BannersField
        value={d.banners}
        onChange={(v) => set('banners', v)}
        problems={problems}
        max={L.bonusBannersMax}
        htmlMax={L.textMax}
      />
    </EditorDialog>
  );
}

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
