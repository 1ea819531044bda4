import type { FormEvent } from 'react';
import { passwordRule } from '@wallet/contract/client';
import { Button } from '@/components/button';
import { SelectField, TextField } from '@/components/field';
import { useI18n } from '@/i18n/use-i18n';
import { useSources } from '@/features/register/api/get-sources';
import {
  checkProfileStep,
  type FieldProblem,
  type ProfileFields,
  type RegisterField,
} from '@/features/register/lib/register-flow';

export function ProfileStep({
  phone,
  fields,
  errors,
  pending,
  onChange,
  onInvalid,
  onNext,
  onBack,
}: {
  phone: string;
  fields: ProfileFields;
  /** Each refused field's message (its own check or the server's answer naming it). */
  errors: Partial<Record<RegisterField, string>>;
  pending: boolean;
  onChange: (fields: ProfileFields) => void;
  onInvalid: (problem: FieldProblem) => void;
  onNext: () => void;
  onBack: () => void;
}) {
  const { t } = useI18n();
  const sources = useSources();
  const set = (patch: Partial<ProfileFields>) => onChange({ ...fields, ...patch });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkProfileStep(phone, fields);
    if (check.ok) onNext();
    else if (check.reason !== 'empty') onInvalid(check);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="register-step-3">
      <h2 className="step-title">{t('register.stepProfile')}</h2>
      <TextField
        label={t('register.name')}
        name="name"
        autoComplete="nickname"
        error={errors.name}
        value={fields.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      <TextField
        label={t('register.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t('register.passwordHint', { min: passwordRule.minLength })}
        error={errors.password}
        value={fields.password}
        onChange={(event) => set({ password: event.target.value })}
      />
      <TextField
        label={t('register.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        value={fields.confirmPassword}
        onChange={(event) => set({ confirmPassword: event.target.value })}
      />
      <SelectField
        label={t('register.source')}
        name="sourceCode"
        placeholder={t('register.sourcePlaceholder')}
        options={(sources.data ?? []).map((source) => ({
          value: source.code,
          label: source.description,
        }))}
        error={errors.sourceCode}
        value={fields.sourceCode}
        onChange={(event) => set({ sourceCode: event.target.value })}
      />
      <TextField
        label={`${t('register.inviteCode')} (${t('common.optional')})`}
        name="inviteCode"
        autoComplete="off"
        autoCapitalize="characters"
        error={errors.inviteCode}
        value={fields.inviteCode}
        onChange={(event) => set({ inviteCode: event.target.value.toUpperCase() })}
      />
      <div className="form__actions">
        <Button variant="secondary" onClick={onBack}>
          {t('common.back')}
        </Button>
        <Button type="submit" pending={pending}>
          {t('common.next')}
        </Button>
      </div>
    </form>
  );
}
