import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/field';
import { useI18n } from '@/i18n/use-i18n';
import { digitsOnly } from '@/lib/validators';
import { checkPhoneStep } from '@/features/register/lib/register-flow';

export function PhoneStep({
  phone,
  laoBuild,
  pending,
  onChange,
  onNext,
}: {
  phone: string;
  laoBuild: boolean;
  pending: boolean;
  onChange: (phone: string) => void;
  onNext: () => void;
}) {
  const { t } = useI18n();
  const [error, setError] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkPhoneStep(phone, laoBuild);
    if (!check.ok) {
      setError(check.reason === 'phone10' ? t('validation.phone10') : '');
      return;
    }
    onNext();
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
        onChange={(event) => {
          onChange(digitsOnly(event.target.value));
          setError('');
        }}
      />
      <Button type="submit" block pending={pending}>
        {t('common.next')}
      </Button>
    </form>
  );
}
