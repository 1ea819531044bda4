// Creating or editing a bonus, with the member preview of its terms beside the form.
import { promotionLimits as L } from '@wallet/contract/client';
import { useState } from 'react';
import { bonusTypes, gameCategories } from '@wallet/contract/client';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { useSaveBonus } from '../api';
import { BannersField } from '../banners-field';
import { EditorDialog } from '../editor-dialog';
import { CheckField, InputField, LocalizedField, SelectField } from '../fields';
import { type Problems, withoutProblems } from '../form';
import { BonusPreview } from '../member-preview';
import { saveErrorText } from '../shared';
import { check, previewTerms, type Draft } from './draft';

export function BonusEditor({
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
