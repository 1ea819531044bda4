// Every operator changes their own password (issue 25, decision 0117): the current one, then
// a new one twice. The server ends the operator's other sessions and keeps this one.
import { useId, useRef, useState, type FormEvent } from 'react';
import { limits } from '@wallet/contract/client';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { ApiError, errorCodeOf } from '@/lib/api';
import { useChangePassword } from './api';

type Field = 'current' | 'next' | 'repeat';

export function PasswordPage() {
  const { t, errorText } = useI18n();
  const id = useId();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);

  const save = useChangePassword({
    onSuccess: (answer) => {
      setCurrent('');
      setNext('');
      setRepeat('');
      toast.show(t('password.done', { count: answer.revoked }), 'success');
    },
    onError: (caught) => {
      const code = errorCodeOf(caught);
      if (caught instanceof ApiError && code === 'WRONG_PASSWORD') {
        setInvalid({ current: t('password.wrongCurrent') });
        document.getElementById(`${id}-current`)?.focus();
      } else if (caught instanceof ApiError && code === 'KEY_INVALID') {
        setInvalid({ next: t('password.refused', { min: limits.operatorPasswordMinLength }) });
        document.getElementById(`${id}-next`)?.focus();
      } else setError(errorText(code));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problems: Partial<Record<Field, string>> = {};
    if (!current) problems.current = t('password.required', { field: t('password.current') });
    if (next.length < limits.operatorPasswordMinLength)
      problems.next = t('auth.newPasswordLength', { min: limits.operatorPasswordMinLength });
    else if (next === current) problems.next = t('password.same');
    if (!problems.next && next !== repeat) problems.repeat = t('auth.newPasswordMismatch');
    setInvalid(problems);
    const first = (['current', 'next', 'repeat'] as const).find((f) => problems[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    save.mutate({ currentPassword: current, newPassword: next });
  };

  const field = (
    name: Field,
    label: string,
    value: string,
    set: (v: string) => void,
    hint?: string,
  ) => {
    const described =
      [invalid[name] ? `${id}-${name}-error` : '', hint ? `${id}-${name}-hint` : '']
        .filter(Boolean)
        .join(' ') || undefined;
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          type="password"
          autoComplete={name === 'current' ? 'current-password' : 'new-password'}
          maxLength={limits.passwordMaxLength}
          value={value}
          aria-invalid={invalid[name] ? true : undefined}
          aria-describedby={described}
          onChange={(event) => {
            set(event.target.value);
            setInvalid((all) => ({ ...all, [name]: undefined }));
          }}
        />
        {hint ? (
          <p id={`${id}-${name}-hint`} className="muted">
            {hint}
          </p>
        ) : null}
        {invalid[name] ? (
          <p id={`${id}-${name}-error`} className="field-error">
            {invalid[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className="password-page">
      <div className="page-title">
        <h1>{t('password.title')}</h1>
      </div>
      <section className="card password-card" aria-labelledby={`${id}-form-title`}>
        <h2 id={`${id}-form-title`} className="visually-hidden">
          {t('password.title')}
        </h2>
        <p className="muted">{t('password.intro')}</p>
        <form ref={form} onSubmit={onSubmit} noValidate>
          {field('current', t('password.current'), current, setCurrent)}
          {field(
            'next',
            t('auth.newPassword'),
            next,
            setNext,
            t('password.hint', { min: limits.operatorPasswordMinLength }),
          )}
          {field('repeat', t('auth.repeatPassword'), repeat, setRepeat)}
          {error ? (
            <p className="alert" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={save.isPending}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? t('password.working') : t('password.save')}
          </button>
        </form>
      </section>
    </div>
  );
}
