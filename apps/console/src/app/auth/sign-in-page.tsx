// Operator sign-in (decision 0086): the password, then the authenticator's 6-digit code, or
// on the first sign-in the enrolment (QR code and the secret to type) with its first code.
// The session lives in memory only, which the small print says.
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { limits } from '@wallet/contract/client';
import { LanguageSelect } from '@/components/language-select';
import { Field } from '@/components/form';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { clearSignOutReason, startSession, useSessionState } from '@/lib/session';
import { homePath } from '../sections';
import { login, loginTotp, type LoginAnswer } from './api';
import './sign-in.css';

type Step = { step: 'password' } | LoginAnswer;

/** Failures after which the challenge is spent: start again from the password. */
const RESTART_CODES = new Set(['OTP_EXPIRED', 'OTP_TOKEN_INVALID', 'OTP_BLOCK', 'REQUEST_LIMIT']);

/** `JBSWY3DPEHPK3PXP` -> `JBSW Y3DP EHPK 3PXP`. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** The SVG document as an image URL: shown with <img>, never inserted as HTML. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function SignInPage() {
  const { t, errorText } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const { reason } = useSessionState();
  const id = useId();
  const [step, setStep] = useState<Step>({ step: 'password' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // An admin set this password (a new account, a reset): the code step also chooses the
  // operator's own (decision 0117).
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<
    'username' | 'password' | 'code' | 'newPassword' | 'repeat' | null
  >(null);

  const describe = (caught: unknown): string => {
    if (!(caught instanceof ApiError)) return errorText('INTERNAL_SERVER_ERROR');
    const text = errorText(caught.code);
    const wait = caught.details.retryAfterSeconds;
    const minutes = wait ? Math.ceil(wait / 60) : 0;
    return minutes > 0 ? `${text} (${t('auth.retryIn', { minutes })})` : text;
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    clearSignOutReason();
    if (!username.trim() || !password) {
      setInvalid(!username.trim() ? 'username' : 'password');
      setError(
        t('auth.required', { field: !username.trim() ? t('auth.username') : t('auth.password') }),
      );
      return;
    }
    setBusy(true);
    setError(null);
    setInvalid(null);
    try {
      const answer = await login({ username: username.trim(), password });
      setPassword('');
      setCode('');
      setNewPassword('');
      setRepeat('');
      setStep(answer);
    } catch (caught) {
      setError(describe(caught));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (step.step === 'password') return;
    const changing = step.passwordChange;
    if (changing && newPassword.length < limits.operatorPasswordMinLength) {
      setInvalid('newPassword');
      setError(t('auth.newPasswordLength', { min: limits.operatorPasswordMinLength }));
      return;
    }
    if (changing && newPassword !== repeat) {
      setInvalid('repeat');
      setError(t('auth.newPasswordMismatch'));
      return;
    }
    if (!/^\d{6}$/.test(code)) {
      setInvalid('code');
      setError(t('auth.codeFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    setInvalid(null);
    try {
      const answer = await loginTotp({
        challenge: step.challenge,
        code,
        ...(changing ? { newPassword } : {}),
      });
      startSession(answer);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/sign-in' ? from : homePath(answer.operator.role), {
        replace: true,
      });
    } catch (caught) {
      // The new password refused (missing, too long, the temporary one): at its field; the
      // code was not looked at, so it stays.
      if (caught instanceof ApiError && caught.code.startsWith('KEY_') && changing) {
        setInvalid('newPassword');
        setError(t('auth.newPasswordRefused', { min: limits.operatorPasswordMinLength }));
        return;
      }
      setCode('');
      setError(describe(caught));
      if (caught instanceof ApiError && RESTART_CODES.has(caught.code))
        setStep({ step: 'password' });
      else setInvalid('code');
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${id}-error`;
  const errorBox = error ? (
    <p id={errorId} className="alert" role="alert">
      {error}
    </p>
  ) : null;

  return (
    <div className="sign-in">
      <header className="sign-in-top">
        <p className="sign-in-brand">{t('app.name')}</p>
        <LanguageSelect />
      </header>
      <main className="sign-in-main">
        <div className="card sign-in-card">
          {step.step === 'password' ? (
            <form onSubmit={submitPassword} noValidate aria-labelledby={`${id}-title`}>
              <h1 id={`${id}-title`}>{t('auth.title')}</h1>
              {reason ? (
                <p className="notice" role="status">
                  {t(`auth.signedOut.${reason}`)}
                </p>
              ) : null}
              {errorBox}
              <Field id={`${id}-username`} label={t('auth.username')}>
                {(control) => (
                  <input
                    {...control}
                    name="username"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    required
                    value={username}
                    aria-invalid={invalid === 'username' || undefined}
                    aria-describedby={invalid === 'username' ? errorId : undefined}
                    onChange={(event) => setUsername(event.target.value)}
                  />
                )}
              </Field>
              <Field id={`${id}-password`} label={t('auth.password')}>
                {(control) => (
                  <input
                    {...control}
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    required
                    value={password}
                    aria-invalid={invalid === 'password' || undefined}
                    aria-describedby={invalid === 'password' ? errorId : undefined}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                )}
              </Field>
              <button type="submit" className="btn btn-primary sign-in-submit" disabled={busy}>
                {busy ? t('auth.working') : t('auth.next')}
              </button>
            </form>
          ) : (
            <form onSubmit={submitCode} noValidate aria-labelledby={`${id}-title`}>
              <h1 id={`${id}-title`}>
                {step.step === 'enrol' ? t('auth.enrolTitle') : t('auth.codeTitle')}
              </h1>
              {step.step === 'enrol' ? (
                <div className="enrol">
                  <p>{t('auth.enrolIntro')}</p>
                  <img
                    className="enrol-qr"
                    src={svgDataUrl(step.qrSvg)}
                    alt={t('auth.qrAlt')}
                    width={200}
                    height={200}
                  />
                  <p className="enrol-secret-label">{t('auth.secretLabel')}</p>
                  <p className="enrol-secret">
                    <code>{groupSecret(step.secret)}</code>
                  </p>
                </div>
              ) : (
                <p>{t('auth.codeIntro')}</p>
              )}
              {step.passwordChange ? (
                <fieldset className="new-password">
                  <legend>{t('auth.newPasswordTitle')}</legend>
                  <p id={`${id}-new-intro`}>
                    {t('auth.newPasswordIntro', { min: limits.operatorPasswordMinLength })}
                  </p>
                  <Field id={`${id}-new`} label={t('auth.newPassword')}>
                    {(control) => (
                      <input
                        {...control}
                        name="new-password"
                        type="password"
                        autoComplete="new-password"
                        required
                        autoFocus
                        minLength={limits.operatorPasswordMinLength}
                        maxLength={limits.passwordMaxLength}
                        value={newPassword}
                        aria-invalid={invalid === 'newPassword' || undefined}
                        aria-describedby={
                          invalid === 'newPassword'
                            ? `${errorId} ${id}-new-intro`
                            : `${id}-new-intro`
                        }
                        onChange={(event) => setNewPassword(event.target.value)}
                      />
                    )}
                  </Field>
                  <Field id={`${id}-repeat`} label={t('auth.repeatPassword')}>
                    {(control) => (
                      <input
                        {...control}
                        name="repeat-password"
                        type="password"
                        autoComplete="new-password"
                        required
                        maxLength={limits.passwordMaxLength}
                        value={repeat}
                        aria-invalid={invalid === 'repeat' || undefined}
                        aria-describedby={invalid === 'repeat' ? errorId : undefined}
                        onChange={(event) => setRepeat(event.target.value)}
                      />
                    )}
                  </Field>
                </fieldset>
              ) : null}
              {errorBox}
              <Field id={`${id}-code`} label={t('auth.codeLabel')}>
                {(control) => (
                  <input
                    {...control}
                    name="code"
                    className="code-input"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="\d{6}"
                    maxLength={6}
                    required
                    autoFocus={!step.passwordChange}
                    value={code}
                    aria-invalid={invalid === 'code' || undefined}
                    aria-describedby={invalid === 'code' ? errorId : undefined}
                    onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
                  />
                )}
              </Field>
              <button type="submit" className="btn btn-primary sign-in-submit" disabled={busy}>
                {busy ? t('auth.working') : t('auth.verify')}
              </button>
              <button
                type="button"
                className="btn btn-link sign-in-back"
                onClick={() => {
                  setStep({ step: 'password' });
                  setError(null);
                  setInvalid(null);
                }}
              >
                {t('auth.back')}
              </button>
            </form>
          )}
          <p className="sign-in-note">
            <small>{t('auth.memoryNote')}</small>
          </p>
        </div>
      </main>
    </div>
  );
}
