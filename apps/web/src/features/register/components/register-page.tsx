import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { limits } from '@wallet/contract/client';
import { Link } from '@/components/link';
import { toast } from '@/components/toast/toast-store';
import { buildOptions } from '@/config/build-options';
import { paths } from '@/config/paths';
import { storageKeys } from '@/config/storage-keys';
import { useI18n } from '@/i18n/use-i18n';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { readItem, removeItem, writeItem } from '@/lib/storage';
import { getRegisterOtpQueryOptions } from '@/features/register/api/get-register-otp';
import { useRegister } from '@/features/register/api/register';
import { sendOtp, useSendOtp } from '@/features/register/api/send-otp';
import { useValidateAccount } from '@/features/register/api/validate-account';
import { useVerifyOtp } from '@/features/register/api/verify-otp';
import { BankStep } from '@/features/register/components/bank-step';
import { OtpStep } from '@/features/register/components/otp-step';
import { PhoneStep } from '@/features/register/components/phone-step';
import { ProfileStep } from '@/features/register/components/profile-step';
import {
  nextAfterPhone,
  profileBody,
  registrationBody,
  type BankFields,
  type ProfileFields,
  type RegisterStep,
} from '@/features/register/lib/register-flow';
import './register-page.css';

const STEP_TITLES = [
  'register.stepPhone',
  'register.stepOtp',
  'register.stepProfile',
  'register.stepBank',
] as const;

/** Register in four steps (spec sections 2 and 4). */
export function RegisterPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const laoBuild = buildOptions.laoBuild;
  // An empty ?code= keeps the stored code; codes are upper case (PR{memberNo}).
  const codeParam = searchParams.get('code')?.trim().toUpperCase() || null;

  const [step, setStep] = useState<RegisterStep>(1);
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState<{ ref: string; token: string } | null>(null);
  const [checkingPhone, setCheckingPhone] = useState(false);
  const [profile, setProfile] = useState<ProfileFields>(() => ({
    name: '',
    password: '',
    confirmPassword: '',
    sourceCode: '',
    inviteCode: codeParam ?? readItem('local', storageKeys.inviteCode) ?? '',
  }));
  const [bank, setBank] = useState<BankFields>({
    bankCode: '',
    accountNo: '',
    firstName: '',
    lastName: '',
    currency: laoBuild ? 'LAK' : 'BAHT',
  });
  const [done, setDone] = useState(false);
  const [passwordRefused, setPasswordRefused] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  const resendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const validateAccount = useValidateAccount();
  const registerAccount = useRegister();

  // An invite link (/register?code=PR10001) is remembered so a later visit still credits it.
  useEffect(() => {
    if (codeParam) writeItem('local', storageKeys.inviteCode, codeParam);
  }, [codeParam]);

  useEffect(() => {
    void queryClient.prefetchQuery(getRegisterOtpQueryOptions());
  }, [queryClient]);

  // A new step takes focus (its first field) so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    cardRef.current?.querySelector<HTMLElement>('input, select')?.focus();
    cardRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [step]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => void navigate(paths.login, { replace: true }),
      limits.registerRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onPhoneNext = async () => {
    setCheckingPhone(true);
    try {
      const outcome = await nextAfterPhone(phone, {
        // If the setting cannot be read, ask the server for an OTP: it decides.
        isOtpRequired: () =>
          queryClient
            .fetchQuery(getRegisterOtpQueryOptions())
            .then((setting) => setting.registerOTP)
            .catch(() => true),
        sendOtp: (phoneNumber) => sendOtp({ phoneNumber }),
      });
      if (outcome.step === 2) setOtp({ ref: outcome.otpRef, token: outcome.otpToken });
      setStep(outcome.step);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setCheckingPhone(false);
    }
  };

  const onVerify = (otpCode: string) => {
    if (!otp) return;
    verifyOtp.mutate(
      { otpToken: otp.token, otpCode },
      {
        onSuccess: () => setStep(3),
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  };

  const onResend = (restartCountdown: () => void) => {
    resendOtp.mutate(
      { phoneNumber: phone },
      {
        onSuccess: (sent) => {
          if (sent.code === 'OTP_VERIFIED') {
            setStep(3);
            return;
          }
          setOtp({ ref: sent.otpRef, token: sent.otpToken });
          restartCountdown();
          toast.info(t('register.otpResent'));
        },
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  };

  const onProfileNext = () => {
    setPasswordRefused(false);
    validateAccount.mutate(profileBody(phone, profile), {
      onSuccess: () => setStep(4),
      onError: (failure) => {
        // A refusal naming the password field shows at that field (server decision 0052).
        if (failure instanceof ApiError && failure.details.field === 'password')
          setPasswordRefused(true);
        else toast.error(errorMessage(failure));
      },
    });
  };

  const onRegister = () => {
    registerAccount.mutate(registrationBody(phone, profile, bank, laoBuild), {
      onSuccess: () => {
        removeItem('local', storageKeys.inviteCode);
        setDone(true);
      },
      onError: (failure) => toast.error(errorMessage(failure)),
    });
  };

  const backToPhone = () => {
    setOtp(null);
    setStep(1);
  };

  return (
    <section className="page page--auth">
      <h1 className="auth-title">{t('register.title')}</h1>
      {done ? (
        <div className="card success" role="status" data-testid="register-success">
          <p className="success__title">{t('register.success')}</p>
          <p className="muted">{t('register.successNote')}</p>
        </div>
      ) : (
        <>
          <ol className="stepper" aria-label={t('register.stepOf', { step })}>
            {STEP_TITLES.map((key, index) => (
              <li
                key={key}
                className={`stepper__item${index + 1 === step ? ' is-current' : ''}${index + 1 < step ? ' is-done' : ''}`}
                aria-current={index + 1 === step ? 'step' : undefined}
              >
                <span className="visually-hidden">{t(key)}</span>
              </li>
            ))}
          </ol>
          <p className="stepper__caption">{t('register.stepOf', { step })}</p>
          <div className="card" ref={cardRef}>
            {step === 1 ? (
              <PhoneStep
                phone={phone}
                laoBuild={laoBuild}
                pending={checkingPhone}
                onChange={setPhone}
                onNext={() => void onPhoneNext()}
              />
            ) : null}
            {step === 2 && otp ? (
              <OtpStep
                phone={phone}
                otpRef={otp.ref}
                verifying={verifyOtp.isPending}
                resending={resendOtp.isPending}
                onVerify={onVerify}
                onResend={onResend}
                onBack={backToPhone}
              />
            ) : null}
            {step === 3 ? (
              <ProfileStep
                phone={phone}
                fields={profile}
                pending={validateAccount.isPending}
                passwordRefused={passwordRefused}
                onChange={(fields) => {
                  if (fields.password !== profile.password) setPasswordRefused(false);
                  setProfile(fields);
                }}
                onNext={onProfileNext}
                onBack={backToPhone}
              />
            ) : null}
            {step === 4 ? (
              <BankStep
                fields={bank}
                laoBuild={laoBuild}
                pending={registerAccount.isPending}
                onChange={setBank}
                onSubmit={onRegister}
                onBack={() => setStep(3)}
              />
            ) : null}
          </div>
        </>
      )}
      <p className="auth-switch">
        {t('register.haveAccount')} <Link to={paths.login}>{t('register.login')}</Link>
      </p>
    </section>
  );
}
