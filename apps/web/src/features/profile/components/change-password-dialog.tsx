import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { passwordRule } from '@wallet/contract/client';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { TextField } from '@/components/field';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { useChangePassword } from '@/features/profile/api/change-password';
import {
  checkPasswordChange,
  refusedNewPassword,
  type PasswordFields,
} from '@/features/profile/lib/change-password';

export function ChangePasswordDialog({
  onClose,
  onChanged,
}: {
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useI18n();
  const [fields, setFields] = useState<PasswordFields>({
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [error, setError] = useState('');
  // The password rule broken (the dialog's own check or the server's answer naming the
  // field): shown at the new password, in the words register uses (decision 0133).
  const [ruleBroken, setRuleBroken] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useChangePassword();
  const set = (patch: Partial<PasswordFields>) => {
    setError('');
    if (patch.newPassword !== undefined) setRuleBroken(false);
    setFields((current) => ({ ...current, ...patch }));
  };
  // A layout effect: focus moves in the commit that shows the content, not a frame later
  // (Preact runs plain effects after the next paint; a key pressed meanwhile went elsewhere:
  // decision 0158).
  useLayoutEffect(() => {
    if (ruleBroken)
      formRef.current?.querySelector<HTMLInputElement>('input[name="newPassword"]')?.focus();
  }, [ruleBroken]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkPasswordChange(fields);
    if (check === 'empty' || mutation.isPending) return;
    if (check === 'length') {
      setRuleBroken(true);
      return;
    }
    if (check === 'mismatch') {
      setError(t('validation.newPasswordsNotEqual'));
      return;
    }
    mutation.mutate(
      { oldPassword: fields.oldPassword, newPassword: fields.newPassword },
      {
        onSuccess: onChanged,
        onError: (failure) => {
          if (refusedNewPassword(failure)) setRuleBroken(true);
          else setError(errorMessage(failure));
        },
      },
    );
  };

  return (
    <Dialog title={t('profile.changePassword')} onClose={onClose} testId="change-password-dialog">
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('profile.oldPassword')}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          value={fields.oldPassword}
          onChange={(event) => set({ oldPassword: event.target.value })}
        />
        <TextField
          label={t('profile.newPassword')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={t('register.passwordHint', { min: passwordRule.minLength })}
          error={
            ruleBroken
              ? t('validation.passwordLength', {
                  min: passwordRule.minLength,
                  max: passwordRule.maxLength,
                })
              : undefined
          }
          value={fields.newPassword}
          onChange={(event) => set({ newPassword: event.target.value })}
        />
        <TextField
          label={t('profile.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={(event) => set({ confirmPassword: event.target.value })}
        />
        <p className="form__error" role="alert" data-testid="change-password-error">
          {error}
        </p>
        <div className="form__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" pending={mutation.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
