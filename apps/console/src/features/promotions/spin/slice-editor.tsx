// Creating or editing a slice: its label, colours, description, weight, prize and order.
import { promotionLimits as L } from '@wallet/contract/client';
import { useState } from 'react';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { useSaveSlice, type Slice, type Wheel } from '../api';
import { EditorDialog } from '../editor-dialog';
import { Field, InputField, LocalizedField } from '../fields';
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
} from '../form';
import { saveErrorText } from '../shared';

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

export function SliceEditor({
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
