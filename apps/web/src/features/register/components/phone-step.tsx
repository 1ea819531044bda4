import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/field';
import { useI18n } from '@/i18n/use-i18n';
import { digitsOnly } from '@/lib/validators';
import { checkPhoneStep, type FieldProblem } from '@/features/register/lib/register-flow';

export function PhoneStep({
  phone,
  error,
  laoBuild,
  pending,
  onChange,
  onInvalid,
  onNext,
}: {
  phone: string;
  /** The phone's message (its own check, or the server's answer naming the field). */
  error: string | undefined;
  laoBuild: boolean;
  pending: boolean;
  onChange: (phone: string) => void;
  onInvalid: (problem: FieldProblem) => void;
  onNext: () => void;
}) {
  const { t } = useI18n();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkPhoneStep(phone, laoBuild);
    if (check.ok) onNext();
    else if (check.reason !== 'empty') onInvalid(check);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="register-step-1">
      <h2 className="step-title">{t('register.stepPhone')}</h2>
      <TextField
        label={t('register.phone')}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={laoBuild ? 15 : 10}
        hint={t('register.phoneHint')}
        error={error}
        value={phone}
        onChange={(event) => onChange(digitsOnly(event.target.value))}
      />
      <Button type="submit" block pending={pending}>
        {t('common.next')}
      </Button>
    </form>
  );
}
