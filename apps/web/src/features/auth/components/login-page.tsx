import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { CheckboxField, TextField } from '@/components/field';
import { LanguageSelect } from '@/components/language-select';
import { Link } from '@/components/link';
import { paths, REDIRECT_PARAM } from '@/config/paths';
import { useI18n } from '@/i18n/use-i18n';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { safeRedirect } from '@/lib/redirect';
import { storeToken } from '@/lib/session';
import { useAsyncAction } from '@/hooks/use-async-action';
import { login } from '@/features/auth/api/login';

/**
 * A sign-in lock says how long it lasts (server decision 0050): "try again in N minutes",
 * rounded up; any other failure is the catalogue text.
 */
function loginErrorText(error: unknown, t: ReturnType<typeof useI18n>['t']): string {
  const wait = error instanceof ApiError ? error.details.retryAfterSeconds : undefined;
  if (error instanceof ApiError && error.message === 'REQUEST_LIMIT' && wait) {
    const minutes = Math.ceil(wait / 60);
    return minutes === 1 ? t('login.lockedOneMinute') : t('login.lockedMinutes', { minutes });
  }
  return errorMessage(error);
}

/** Login (spec section 2): phone, password, remember-me, language, an error line. */
export function LoginPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState('');
  const loginAction = useAsyncAction(login);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const username = phone.trim();
    // Spec: submitting with either field empty does nothing.
    if (!username || !password) return;
    const result = await loginAction.run({ username, password });
    if (!result) return;
    if (!result.ok) {
      setError(loginErrorText(result.error, t));
      return;
    }
    storeToken(result.value.token, remember);
    void navigate(safeRedirect(searchParams.get(REDIRECT_PARAM)), { replace: true });
  };

  return (
    <section className="page page--auth">
      <div className="auth-brand">
        {/* The app's logo (decision 0059), decorative next to the page title. */}
        <img className="auth-brand__logo" src="/favicon.svg" alt="" width={52} height={52} />
        <LanguageSelect />
      </div>
      <h1 className="auth-title">{t('login.title')}</h1>
      <p className="muted">{t('login.subtitle')}</p>
      <form
        className="card form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="login-form"
      >
        <TextField
          label={t('login.phone')}
          name="username"
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            setError('');
          }}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError('');
          }}
        />
        <CheckboxField
          label={t('login.rememberMe')}
          name="remember"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        <p className="form__error" role="alert" data-testid="login-error">
          {error}
        </p>
        <Button type="submit" block pending={loginAction.pending}>
          {t('login.submit')}
        </Button>
      </form>
      <p className="auth-switch">
        {t('login.noAccount')} <Link to={paths.register}>{t('login.register')}</Link>
      </p>
    </section>
  );
}
