import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { limits } from '@wallet/contract/client';
import { Link } from '@/components/link';
import { toast } from '@/components/toast/toast-store';
import { buildOptions } from '@/config/build-options';
import { paths } from '@/config/paths';
import { storageKeys } from '@/config/storage-keys';
import { useI18n } from '@/i18n/use-i18n';
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
  fieldMessage,
  nextAfterPhone,
  profileBody,
  registrationBody,
  serverFieldProblem,
  stepOfField,
  type BankFields,
  type FieldProblem,
  type FieldReason,
  type ProfileFields,
  type RegisterField,
  type RegisterStep,
} from '@/features/register/lib/register-flow';
import './register-page.css';

const STEP_TITLES = [
  'register.stepPhone',
  'register.stepOtp',
  'register.stepProfile',
  'register.stepBank',
] as const;

/** The input each field's message sits at (the form's `name`s). */
const inputName: Record<RegisterField, string> = {
  phone: 'phone',
  name: 'name',
  password: 'password',
  confirmPassword: 'confirmPassword',
  sourceCode: 'sourceCode',
  inviteCode: 'inviteCode',
  bankCode: 'bankCode',
  accountNo: 'bankAccountNo',
  lastName: 'lastName',
};

/** The step a history entry shows (`state.registerStep`, decision 0133); 1 when none. */
function historyStep(state: unknown): RegisterStep {
  const step = (state as { registerStep?: unknown } | null)?.registerStep;
  return step === 2 || step === 3 || step === 4 ? step : 1;
}

/** The fields whose value differs: their messages go away as the member types. */
function changedKeys<T extends object>(before: T, after: T): (keyof T)[] {
  return (Object.keys(after) as (keyof T)[]).filter((key) => before[key] !== after[key]);
}

/**
 * Register in four steps (spec sections 2 and 4). Each step after the first is a history
 * entry of its own (decision 0133), so the browser's or the phone's Back goes to the
 * previous step with everything typed kept; Back on the first step leaves the page.
 */
export function RegisterPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const laoBuild = buildOptions.laoBuild;
  // An empty ?code= keeps the stored code; codes are upper case (PR{memberNo}).
  const codeParam = searchParams.get('code')?.trim().toUpperCase() || null;

  // The furthest step what was typed and checked allows: an entry further on (Forward, a
  // reload) shows this one instead.
  const [reached, setReached] = useState<RegisterStep>(1);
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState<{ ref: string; token: string } | null>(null);
  const wanted = historyStep(location.state);
  const step: RegisterStep = wanted === 2 && !otp ? 1 : wanted <= reached ? wanted : reached;
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
  // Refused fields and why (kept as reasons, so a language switch rewords them).
  const [problems, setProblems] = useState<Partial<Record<RegisterField, FieldReason>>>({});
  const [focusRequest, setFocusRequest] = useState<{ field: RegisterField } | null>(null);
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
  // A layout effect, so focus moves in the commit that shows the step: Preact runs a plain
  // effect only after the next frame is painted (React soon after the commit), and a field of
  // the new step the member was already typing in would lose focus to the first one then.
  useLayoutEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    cardRef.current?.querySelector<HTMLElement>('input, select')?.focus();
    cardRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [step]);

  // A refused field takes focus, so its message is read out and the member lands on it: in
  // the commit that shows the message (a layout effect, as above), not a painted frame later
  // with focus still on the button that sent the form.
  useLayoutEffect(() => {
    if (!focusRequest || stepOfField[focusRequest.field] !== step) return;
    cardRef.current
      ?.querySelector<HTMLElement>(`[name="${inputName[focusRequest.field]}"]`)
      ?.focus();
  }, [focusRequest, step]);

  const errors = Object.fromEntries(
    Object.entries(problems).map(([field, reason]) => [field, fieldMessage(reason, t)]),
  ) as Partial<Record<RegisterField, string>>;

  /** Shows a field's message at its field, going back to its step when it is an earlier one. */
  const showProblem = (problem: FieldProblem) => {
    setProblems((current) => ({ ...current, [problem.field]: problem.reason }));
    setFocusRequest({ field: problem.field });
    const target = stepOfField[problem.field];
    if (target < step) {
      setReached(target);
      goBack();
    }
  };
  const clearProblems = (fields: RegisterField[]) =>
    setProblems((current) => {
      if (!fields.some((field) => field in current)) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });

  /** Shows the next step as a new history entry (or instead of this one: `replace`). */
  const goTo = (next: RegisterStep, replace = false) => {
    setReached(next);
    void navigate(
      { pathname: location.pathname, search: location.search },
      { state: { registerStep: next }, replace },
    );
  };
  /** The previous step is the entry before this one (each step was pushed on its own). */
  const goBack = () => {
    if (historyStep(location.state) > 1) void navigate(-1);
  };

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
      goTo(outcome.step);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setCheckingPhone(false);
    }
  };

  // The verified phone's OTP entry gives way to step 3, so Back from there goes to step 1.
  const onVerify = (otpCode: string) => {
    if (!otp) return;
    verifyOtp.mutate(
      { otpToken: otp.token, otpCode },
      {
        onSuccess: () => goTo(3, true),
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
            goTo(3, true);
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

  /** A refusal that names a field shows there (server decisions 0052, 0133); others toast. */
  const onRefused = (failure: unknown) => {
    const problem = serverFieldProblem(failure, { name: profile.name, laoBuild });
    if (problem) showProblem(problem);
    else toast.error(errorMessage(failure));
  };

  const onProfileNext = () => {
    validateAccount.mutate(profileBody(phone, profile), {
      onSuccess: () => goTo(4),
      onError: onRefused,
    });
  };

  const onRegister = () => {
    registerAccount.mutate(registrationBody(phone, profile, bank, laoBuild), {
      onSuccess: () => {
        removeItem('local', storageKeys.inviteCode);
        setDone(true);
      },
      onError: onRefused,
    });
  };

  const onPhoneChange = (next: string) => {
    if (next === phone) return;
    // Another phone must be checked (and verified) again.
    setPhone(next);
    setOtp(null);
    setReached(1);
    clearProblems(['phone']);
  };

  const onProfileChange = (next: ProfileFields) => {
    clearProblems(changedKeys(profile, next));
    setProfile(next);
    // Changed details are checked again before the bank step.
    if (reached > 3) setReached(3);
  };

  const bankFieldOf: Record<keyof BankFields, RegisterField> = {
    bankCode: 'bankCode',
    accountNo: 'accountNo',
    firstName: 'lastName',
    lastName: 'lastName',
    currency: 'bankCode',
  };
  const onBankChange = (next: BankFields) => {
    clearProblems(changedKeys(bank, next).map((key) => bankFieldOf[key]));
    setBank(next);
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
                error={errors.phone}
                laoBuild={laoBuild}
                pending={checkingPhone}
                onChange={onPhoneChange}
                onInvalid={showProblem}
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
                onBack={goBack}
              />
            ) : null}
            {step === 3 ? (
              <ProfileStep
                phone={phone}
                fields={profile}
                errors={errors}
                pending={validateAccount.isPending}
                onChange={onProfileChange}
                onInvalid={showProblem}
                onNext={onProfileNext}
                onBack={goBack}
              />
            ) : null}
            {step === 4 ? (
              <BankStep
                fields={bank}
                errors={errors}
                laoBuild={laoBuild}
                pending={registerAccount.isPending}
                onChange={onBankChange}
                onInvalid={showProblem}
                onSubmit={onRegister}
                onBack={goBack}
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
