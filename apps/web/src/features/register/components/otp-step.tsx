import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/field';
import { useI18n } from '@/i18n/use-i18n';
import { digitsOnly } from '@/lib/validators';
import { useCountdown } from '@/features/register/hooks/use-countdown';

/** A new code may be requested 60 s after the last one. */
export const RESEND_AFTER_SECONDS = 60;

export function OtpStep({
  phone,
  otpRef,
  verifying,
  resending,
  onVerify,
  onResend,
  onBack,
}: {
  phone: string;
  otpRef: string;
  verifying: boolean;
  resending: boolean;
  onVerify: (code: string) => void;
  onResend: (restartCountdown: () => void) => void;
  onBack: () => void;
}) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const { left, restart } = useCountdown(RESEND_AFTER_SECONDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code) return;
    onVerify(code);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="register-step-2">
      <h2 className="step-title">{t('register.stepOtp')}</h2>
      <p className="muted">{t('register.otpSent', { phone })}</p>
      <p className="otp-ref" data-testid="otp-ref">
        {t('register.otpRef', { ref: otpRef })}
      </p>
      <TextField
        label={t('register.otpCode')}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(digitsOnly(event.target.value))}
      />
      <Button type="submit" block pending={verifying}>
        {t('register.verify')}
      </Button>
      <div className="form__row">
        <Button variant="link" onClick={onBack}>
          {t('register.changePhone')}
        </Button>
        <Button
          variant="link"
          disabled={left > 0}
          pending={resending}
          onClick={() => onResend(restart)}
          data-testid="otp-resend"
        >
          {left > 0 ? t('register.resendIn', { seconds: left }) : t('register.resend')}
        </Button>
      </div>
    </form>
  );
}
