// Spin wheels (decisions 0071, 0082): the wheels (one is active), a wheel's slices with their
// weights, each slice's chance in % and its prize, the wheel drawn as members see it, and
// the coin and coupon settings.
import { promotionLimits as L } from '@wallet/contract/client';
import { useEffect, useMemo, useState } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import {
  useSaveSlice,
  useSaveSpinSettings,
  useSaveWheel,
  useSpinSettings,
  useWheels,
  type Slice,
  type SpinSettings,
  type Wheel,
} from './api';
import { EditorDialog } from './editor-dialog';
import { CheckField, Field, InputField, LocalizedField } from './fields';
import {
  bahtIn,
  chances,
  collector,
  emptyLocalized,
  formatChance,
  intIn,
  numberText,
  type Localized,
  type Problems,
  withoutProblems,
} from './form';
import { LoadFailed, localizedText, saveErrorText } from './shared';
import { WheelPreview } from './wheel-preview';

function WheelEditor({ wheel, onClose }: { wheel: Wheel | null; onClose: () => void }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const save = useSaveWheel();
  const [name, setName] = useState<Localized>(wheel?.name ?? emptyLocalized());
  const [active, setActive] = useState(wheel?.active ?? false);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const c = collector();
    c.localized(
      'name',
      { th: name.th.trim(), la: name.la.trim(), en: name.en.trim() },
      L.wheelNameMax,
    );
    setProblems(c.problems);
    setError(null);
    if (!c.ok()) return;
    save.mutate(
      { wheelId: wheel?._id ?? null, name, active },
      {
        onSuccess: () => {
          toast.show(t(wheel ? 'promotions.form.saved' : 'promotions.form.created'));
          onClose();
        },
        onError: (e) => setError(saveErrorText(e, errorText)),
      },
    );
  };
  return (
    <EditorDialog
      title={wheel ? t('promotions.spin.editWheel') : t('promotions.spin.newWheel')}
      busy={save.isPending}
      error={error}
      invalid={Object.keys(problems).length > 0}
      onSubmit={submit}
      onCancel={onClose}
      testId="wheel-editor"
    >
      <LocalizedField
        legend={t('promotions.spin.fields.wheelName')}
        field="name"
        value={name}
        problems={problems}
        maxLength={L.wheelNameMax}
        onChange={setName}
      />
      <CheckField
        label={t('promotions.spin.fields.active')}
        hint={t('promotions.spin.hints.active')}
        checked={active}
        onChange={setActive}
      />
    </EditorDialog>
  );
}

interface SliceDraft {
  code: string;
  label: Localized;
  bgColor: string;
  textColor: string;
  htmlDescription: Localized;
  weight: string;
  prize: string;
  sortOrder: string;
}

function SliceEditor({
  wheel,
  slice,
  onClose,
}: {
  wheel: Wheel;
  slice: Slice | null;
  onClose: () => void;
}) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const save = useSaveSlice();
  const [d, setD] = useState<SliceDraft>(
    slice
      ? {
          code: slice.code,
          label: slice.label,
          bgColor: slice.bgColor,
          textColor: slice.textColor,
          htmlDescription: slice.htmlDescription,
          weight: numberText(slice.weight),
          prize: numberText(slice.prize),
          sortOrder: numberText(slice.sortOrder),
        }
      : {
          code: '',
          label: emptyLocalized(),
          bgColor: '#1d4ed8',
          textColor: '#ffffff',
          htmlDescription: emptyLocalized(),
          weight: '1',
          prize: '0',
          sortOrder: String(wheel.slices.length),
        },
  );
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof SliceDraft>(key: K, value: SliceDraft[K]) => {
    setD({ ...d, [key]: value });
    // A changed field's problem goes; the rest stay until the next Save.
    setProblems((found) => withoutProblems(found, key));
  };

  // The chance this slice would have with the weight typed, against the others' weights.
  const others = wheel.slices.filter((s) => s._id !== slice?._id).reduce((n, s) => n + s.weight, 0);
  const typed = Number(d.weight);
  const chance = Number.isInteger(typed) && typed >= 0 ? chances([typed, others])[0]! : null;

  const submit = () => {
    const c = collector();
    const code = c.take(
      'code',
      d.code === '' ? 'KEY_MISSING' : /^[A-Z0-9_-]{1,32}$/.test(d.code) ? d.code : 'KEY_INVALID',
    );
    const trim = (v: Localized) => ({ th: v.th.trim(), la: v.la.trim(), en: v.en.trim() });
    const label = c.localized('label', trim(d.label), L.sliceLabelMax);
    const htmlDescription = c.localized('htmlDescription', trim(d.htmlDescription), L.textMax);
    const color = (field: string, v: string) =>
      c.take(field, /^#[0-9a-fA-F]{6}$/.test(v) ? v : 'KEY_INVALID');
    const bgColor = color('bgColor', d.bgColor);
    const textColor = color('textColor', d.textColor);
    const weight = c.take('weight', intIn(d.weight, L.sliceWeight));
    const prize = c.take('prize', bahtIn(d.prize));
    const sortOrder = c.take('sortOrder', intIn(d.sortOrder, L.sliceSortOrder));
    setProblems(c.problems);
    setError(null);
    if (!c.ok()) return;
    save.mutate(
      {
        wheelId: wheel._id,
        sliceId: slice?._id ?? null,
        body: { code, label, bgColor, textColor, htmlDescription, weight, prize, sortOrder },
      },
      {
        onSuccess: () => {
          toast.show(t(slice ? 'promotions.form.saved' : 'promotions.form.created'));
          onClose();
        },
        onError: (e) => setError(saveErrorText(e, errorText)),
      },
    );
  };
  const hint = (key: string) => t(`promotions.spin.hints.${key}` as never);
  return (
    <EditorDialog
      title={
        slice ? t('promotions.spin.editSlice', { code: slice.code }) : t('promotions.spin.newSlice')
      }
      busy={save.isPending}
      error={error}
      invalid={Object.keys(problems).length > 0}
      onSubmit={submit}
      onCancel={onClose}
      testId="slice-editor"
    >
      <div className="promo-grid">
        <InputField
          label={t('promotions.spin.fields.code')}
          hint={hint('code')}
          value={d.code}
          maxLength={L.codeMax}
          problem={problems.code}
          onChange={(v) => set('code', v.toUpperCase())}
        />
        <InputField
          label={t('promotions.spin.fields.sortOrder')}
          hint={hint('sortOrder')}
          inputMode="numeric"
          value={d.sortOrder}
          problem={problems.sortOrder}
          onChange={(v) => set('sortOrder', v)}
        />
        <InputField
          label={t('promotions.spin.fields.weight')}
          hint={
            chance === null
              ? hint('weight')
              : `${hint('weight')} ${t('promotions.spin.chanceWith', { chance: formatChance(chance) })}`
          }
          inputMode="numeric"
          value={d.weight}
          problem={problems.weight}
          onChange={(v) => set('weight', v)}
        />
        <InputField
          label={t('promotions.spin.fields.prize')}
          hint={hint('prize')}
          inputMode="decimal"
          suffix="฿"
          value={d.prize}
          problem={problems.prize}
          onChange={(v) => set('prize', v)}
        />
        {(['bgColor', 'textColor'] as const).map((key) => (
          <Field
            key={key}
            label={t(`promotions.spin.fields.${key}`)}
            hint={hint('color')}
            problem={problems[key]}
          >
            {(a11y) => (
              <span className="promo-color">
                <input
                  {...a11y}
                  value={d[key]}
                  maxLength={7}
                  onChange={(event) => set(key, event.target.value)}
                />
                <input
                  type="color"
                  aria-label={t('promotions.spin.pickColor', {
                    field: t(`promotions.spin.fields.${key}`),
                  })}
                  value={/^#[0-9a-fA-F]{6}$/.test(d[key]) ? d[key] : '#000000'}
                  onChange={(event) => set(key, event.target.value)}
                />
              </span>
            )}
          </Field>
        ))}
      </div>
      <LocalizedField
        legend={t('promotions.spin.fields.label')}
        field="label"
        value={d.label}
        problems={problems}
        maxLength={L.sliceLabelMax}
        onChange={(v) => set('label', v)}
      />
      <LocalizedField
        legend={t('promotions.spin.fields.htmlDescription')}
        hint={hint('htmlDescription')}
        field="htmlDescription"
        value={d.htmlDescription}
        problems={problems}
        maxLength={L.textMax}
        multiline
        onChange={(v) => set('htmlDescription', v)}
      />
    </EditorDialog>
  );
}

const settingsText = (s: SpinSettings) => ({
  coinPer: numberText(s.coinPer),
  couponHours: numberText(s.couponHours),
  maxCoinsPerDay: numberText(s.maxCoinsPerDay),
  turnoverPercent: numberText(s.turnoverPercent),
  failPercent: numberText(s.failPercent),
});
type SettingsText = ReturnType<typeof settingsText>;

/**
 * The coin and coupon settings (decisions 0082, 0112): deposit per coin, coupon lifetime, the
 * coins a member can earn per Bangkok day, and the coupon grant's turnover (% of the prize,
 * 100 to 1,000 in steps of 100) and percentFail (0 to 100), checked as the server does.
 */
export function SpinSettingsForm({ settings }: { settings: SpinSettings }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const save = useSaveSpinSettings();
  const [d, setD] = useState<SettingsText>(() => settingsText(settings));
  const set = (patch: Partial<SettingsText>) => setD((current) => ({ ...current, ...patch }));
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setD(settingsText(settings));
  }, [settings]);
  const submit = () => {
    const c = collector();
    const turnover = c.take('turnoverPercent', intIn(d.turnoverPercent, L.turnoverPercent));
    if (turnover !== undefined && turnover % 100 !== 0) c.take('turnoverPercent', 'KEY_INVALID');
    const body = {
      coinPer: c.take('coinPer', bahtIn(d.coinPer, 0.01)),
      couponHours: c.take('couponHours', intIn(d.couponHours, L.couponHours)),
      maxCoinsPerDay: c.take('maxCoinsPerDay', intIn(d.maxCoinsPerDay, L.maxCoinsPerDay)),
      turnoverPercent: turnover,
      failPercent: c.take('failPercent', intIn(d.failPercent, L.percent)),
    };
    setProblems(c.problems);
    setError(null);
    if (!c.ok()) return;
    save.mutate(body, {
      onSuccess: () => toast.show(t('promotions.form.saved')),
      onError: (e) => setError(saveErrorText(e, errorText)),
    });
  };
  return (
    <form
      className="card promo-settings"
      noValidate
      aria-label={t('promotions.spin.settingsTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) submit();
      }}
    >
      <h2>{t('promotions.spin.settingsTitle')}</h2>
      <div className="promo-grid">
        <InputField
          label={t('promotions.spin.fields.coinPer')}
          hint={t('promotions.spin.hints.coinPer')}
          inputMode="decimal"
          suffix="฿"
          value={d.coinPer}
          problem={problems.coinPer}
          onChange={(coinPer) => set({ coinPer })}
        />
        <InputField
          label={t('promotions.spin.fields.couponHours')}
          hint={t('promotions.spin.hints.couponHours')}
          inputMode="numeric"
          value={d.couponHours}
          problem={problems.couponHours}
          onChange={(couponHours) => set({ couponHours })}
        />
        <InputField
          label={t('promotions.spin.fields.maxCoinsPerDay')}
          hint={t('promotions.spin.hints.maxCoinsPerDay')}
          inputMode="numeric"
          value={d.maxCoinsPerDay}
          problem={problems.maxCoinsPerDay}
          onChange={(maxCoinsPerDay) => set({ maxCoinsPerDay })}
        />
        <InputField
          label={t('promotions.spin.fields.turnoverPercent')}
          hint={t('promotions.spin.hints.turnoverPercent')}
          inputMode="numeric"
          suffix="%"
          value={d.turnoverPercent}
          problem={problems.turnoverPercent}
          onChange={(turnoverPercent) => set({ turnoverPercent })}
        />
        <InputField
          label={t('promotions.spin.fields.failPercent')}
          hint={t('promotions.spin.hints.failPercent')}
          inputMode="numeric"
          suffix="%"
          value={d.failPercent}
          problem={problems.failPercent}
          onChange={(failPercent) => set({ failPercent })}
        />
      </div>
      {Object.keys(problems).length > 0 ? (
        <p className="alert" role="alert">
          {t('promotions.form.invalid')}
        </p>
      ) : null}
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? t('promotions.form.saving') : t('promotions.form.save')}
      </button>
    </form>
  );
}

export function SpinTab() {
  const { t, lang, errorText } = useI18n();
  const toast = useToast();
  const wheels = useWheels();
  const settings = useSpinSettings();
  const switchOn = useSaveWheel();
  const [chosen, setChosen] = useState<string | null>(null);
  const [wheelEditor, setWheelEditor] = useState<{ wheel: Wheel | null } | null>(null);
  const [sliceEditor, setSliceEditor] = useState<{ slice: Slice | null } | null>(null);

  const list = wheels.data ?? [];
  const wheel = list.find((w) => w._id === chosen) ?? list.find((w) => w.active) ?? list[0];
  const slices = useMemo(
    () =>
      [...(wheel?.slices ?? [])].sort(
        (a, b) => a.sortOrder - b.sortOrder || Number(a._id) - Number(b._id),
      ),
    [wheel],
  );
  const odds = chances(slices.map((s) => s.weight));
  const totalWeight = slices.reduce((n, s) => n + s.weight, 0);

  const wheelColumns: Column<Wheel>[] = [
    {
      id: 'name',
      header: t('promotions.spin.columns.wheel'),
      cell: (w) => localizedText(w.name, lang),
    },
    {
      id: 'slices',
      header: t('promotions.spin.columns.slices'),
      align: 'end',
      cell: (w) => w.slices.length,
    },
    {
      id: 'active',
      header: t('promotions.columns.status'),
      cell: (w) => (
        <StatusBadge tone={w.active ? 'ok' : 'neutral'}>
          {t(w.active ? 'promotions.spin.active' : 'promotions.status.off')}
        </StatusBadge>
      ),
    },
    {
      id: 'actions',
      header: t('promotions.columns.actions'),
      cell: (w) => (
        <span className="promo-actions">
          <button
            type="button"
            className="btn"
            aria-pressed={w._id === wheel?._id}
            onClick={() => setChosen(w._id)}
          >
            {t('promotions.spin.showSlices')}
          </button>
          <button
            type="button"
            className="btn"
            aria-label={t('promotions.spin.editWheelLabel', { name: localizedText(w.name, lang) })}
            onClick={() => setWheelEditor({ wheel: w })}
          >
            {t('promotions.form.edit')}
          </button>
          {w.active ? null : (
            <button
              type="button"
              className="btn"
              disabled={switchOn.isPending}
              onClick={() =>
                switchOn.mutate(
                  { wheelId: w._id, name: w.name, active: true },
                  {
                    onSuccess: () => toast.show(t('promotions.spin.switchedOn')),
                    onError: (e) => toast.show(saveErrorText(e, errorText), 'error'),
                  },
                )
              }
            >
              {t('promotions.spin.makeActive')}
            </button>
          )}
        </span>
      ),
    },
  ];

  const sliceColumns: Column<Slice>[] = [
    {
      id: 'order',
      header: t('promotions.spin.columns.order'),
      align: 'end',
      cell: (s) => s.sortOrder,
    },
    { id: 'code', header: t('promotions.spin.columns.code'), cell: (s) => <code>{s.code}</code> },
    {
      id: 'label',
      header: t('promotions.spin.columns.label'),
      cell: (s) => (
        <span className="slice-label">
          <span
            className="slice-swatch"
            style={{ background: s.bgColor, color: s.textColor }}
            aria-hidden="true"
          >
            A
          </span>
          {localizedText(s.label, lang)}
        </span>
      ),
    },
    {
      id: 'weight',
      header: t('promotions.spin.columns.weight'),
      align: 'end',
      cell: (s) => s.weight.toLocaleString('en-US'),
    },
    {
      id: 'chance',
      header: t('promotions.spin.columns.chance'),
      align: 'end',
      cell: (s) => (
        <span data-testid="slice-chance">{formatChance(odds[slices.indexOf(s)] ?? 0)}</span>
      ),
    },
    {
      id: 'prize',
      header: t('promotions.spin.columns.prize'),
      align: 'end',
      cell: (s) => (s.prize > 0 ? <Money baht={s.prize} currency /> : t('promotions.spin.noPrize')),
    },
    {
      id: 'actions',
      header: t('promotions.columns.actions'),
      cell: (s) => (
        <button
          type="button"
          className="btn"
          aria-label={t('promotions.spin.editSliceLabel', { code: s.code })}
          onClick={() => setSliceEditor({ slice: s })}
        >
          {t('promotions.form.edit')}
        </button>
      ),
    },
  ];

  // Expected payout of one spin: the sum of prize x chance.
  const expected = slices.reduce((sum, s, i) => sum + (s.prize * (odds[i] ?? 0)) / 100, 0);

  return (
    <section className="promo-tab" data-testid="spin-tab">
      <div className="promo-toolbar">
        <p className="muted">{t('promotions.spin.intro')}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setWheelEditor({ wheel: null })}
        >
          {t('promotions.spin.newWheel')}
        </button>
      </div>
      {wheels.isError ? (
        <LoadFailed error={wheels.error} onRetry={() => void wheels.refetch()} />
      ) : (
        <DataTable
          caption={t('promotions.spin.wheelsCaption')}
          columns={wheelColumns}
          rows={wheels.data}
          rowKey={(w) => w._id}
          loading={wheels.isPending}
        />
      )}
      {wheel ? (
        <div className="spin-wheel-detail">
          <div className="spin-slices">
            <div className="promo-toolbar">
              <h2>{t('promotions.spin.slicesOf', { name: localizedText(wheel.name, lang) })}</h2>
              <button
                type="button"
                className="btn btn-primary"
                disabled={wheel.slices.length >= L.wheelSlicesMax}
                onClick={() => setSliceEditor({ slice: null })}
              >
                {t('promotions.spin.newSlice')}
              </button>
            </div>
            <DataTable
              caption={t('promotions.spin.slicesCaption', {
                name: localizedText(wheel.name, lang),
              })}
              columns={sliceColumns}
              rows={slices}
              rowKey={(s) => s._id}
            />
            <p className="muted" data-testid="spin-summary">
              {totalWeight > 0
                ? t('promotions.spin.summary', {
                    total: totalWeight.toLocaleString('en-US'),
                    expected: expected.toFixed(2),
                  })
                : t('promotions.spin.noWeight')}
            </p>
          </div>
          <WheelPreview
            title={localizedText(wheel.name, lang)}
            slices={slices.map((s) => ({
              code: s.code,
              label: s.label.th,
              bgColor: s.bgColor,
              textColor: s.textColor,
            }))}
          />
        </div>
      ) : null}
      {settings.data ? <SpinSettingsForm settings={settings.data} /> : null}
      {settings.isError ? (
        <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
      ) : null}
      {wheelEditor ? (
        <WheelEditor wheel={wheelEditor.wheel} onClose={() => setWheelEditor(null)} />
      ) : null}
      {sliceEditor && wheel ? (
        <SliceEditor wheel={wheel} slice={sliceEditor.slice} onClose={() => setSliceEditor(null)} />
      ) : null}
    </section>
  );
}
