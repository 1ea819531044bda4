// Creating or editing a promotion code.
import { promotionLimits as L } from '@wallet/contract/client';
import { useState } from 'react';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { useSavePromotion, type Bonus } from '../api';
import { EditorDialog } from '../editor-dialog';
import { CheckField, InputField, LocalizedField, SelectField } from '../fields';
import { type Problems, withoutProblems } from '../form';
import { PromotionPreview } from '../member-preview';
import { localizedText, saveErrorText } from '../shared';
import { check, type Draft } from './draft';

export function CodeEditor({
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
