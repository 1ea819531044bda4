import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { SelectField, TextField } from '@/components/field';
import { useI18n } from '@/i18n/use-i18n';
import { useSources } from '@/features/register/api/get-sources';
import { checkProfileStep, type ProfileFields } from '@/features/register/lib/register-flow';

export function ProfileStep({
  phone,
  fields,
  pending,
  passwordRefused,
  onChange,
  onNext,
  onBack,
}: {
  phone: string;
  fields: ProfileFields;
  pending: boolean;
  /** The server refused the password (its answer named the field); cleared by typing. */
  passwordRefused: boolean;
  onChange: (fields: ProfileFields) => void;
  onNext: () => void;
  onBack: () => void;
}) {
  const { t } = useI18n();
  const sources = useSources();
  const [error, setError] = useState('');
  const [passwordTooShort, setPasswordTooShort] = useState(false);
  const set = (patch: Partial<ProfileFields>) => {
    setError('');
    if (patch.password !== undefined) setPasswordTooShort(false);
    onChange({ ...fields, ...patch });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkProfileStep(phone, fields);
    if (!check.ok) {
      setPasswordTooShort(check.reason === 'passwordLength');
      if (check.reason === 'passwordLength') focusPassword();
      setError(check.reason === 'passwordsDontMatch' ? t('validation.passwordsDontMatch') : '');
      return;
    }
    onNext();
  };
  // A password error takes focus to the field, so keyboard and screen-reader users land on it.
  const formRef = useRef<HTMLFormElement>(null);
  const focusPassword = () =>
    formRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
  useEffect(() => {
    if (passwordRefused) focusPassword();
  }, [passwordRefused]);
  const passwordError =
    passwordTooShort || passwordRefused ? t('validation.passwordLength') : undefined;

  return (
    <form
      ref={formRef}
      className="form"
      onSubmit={onSubmit}
      noValidate
      data-testid="register-step-3"
    >
      <h2 className="step-title">{t('register.stepProfile')}</h2>
      <TextField
        label={t('register.name')}
        name="name"
        autoComplete="nickname"
        value={fields.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      <TextField
        label={t('register.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t('register.passwordHint')}
        error={passwordError}
        value={fields.password}
        onChange={(event) => set({ password: event.target.value })}
      />
      <TextField
        label={t('register.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={error}
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
        value={fields.sourceCode}
        onChange={(event) => set({ sourceCode: event.target.value })}
      />
      <TextField
        label={`${t('register.inviteCode')} (${t('common.optional')})`}
        name="inviteCode"
        autoComplete="off"
        autoCapitalize="characters"
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
