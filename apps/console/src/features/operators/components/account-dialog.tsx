// Creating an account or editing one: username (new accounts only), display name and role
// (not an admin's own). A taken username is marked on its field; the server's refusal of an
// admin's own change reads "your own account".
import { useId, useState, type FormEvent } from 'react';
import { OPERATOR_ROLES, type OperatorRole } from '@wallet/contract/routes';
import { Dialog } from '@/components/dialog';
import { Alert, Field, FormActions } from '@/components/form';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { useSaveAccount, type Account } from '../api';
import { nameOf, USERNAME } from '../lib/names';

export function AccountDialog(props: {
  account: Account | null;
  self: boolean;
  onClose: () => void;
  onCreated: (account: Account, temporaryPassword: string, requestId: number | null) => void;
  onSaved: (account: Account, requestId: number | null) => void;
}) {
  const { t, errorText } = useI18n();
  const id = useId();
  const { account } = props;
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState(account?.displayName ?? '');
  const [role, setRole] = useState<OperatorRole>(account?.role ?? 'cashier');
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const save = useSaveAccount(account, props.self, {
    onSuccess: (result) => {
      if (result.created)
        props.onCreated(
          result.created.operator,
          result.created.temporaryPassword,
          result.created.requestId,
        );
      else if (result.saved) props.onSaved(result.saved.operator, result.saved.requestId);
    },
    onError: (caught) => {
      const code = caught instanceof ApiError ? caught.code : 'INTERNAL_SERVER_ERROR';
      if (code === 'EXISTING_USER') {
        setInvalid({ username: t('operators.form.usernameTaken') });
        document.getElementById(`${id}-username`)?.focus();
        return;
      }
      setError(code === 'UNAUTHORIZED' ? t('operators.errors.self') : errorText(code));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problems: Record<string, string> = {};
    if (!account) {
      const name = username.trim();
      if (!name)
        problems.username = t('operators.form.required', { field: t('operators.form.username') });
      else if (!USERNAME.test(name)) problems.username = t('operators.form.usernameInvalid');
    }
    if (!displayName.trim())
      problems.displayName = t('operators.form.required', {
        field: t('operators.form.displayName'),
      });
    setInvalid(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    save.mutate({ username, displayName, role });
  };

  return (
    <Dialog
      title={
        account
          ? t('operators.form.editTitle', { name: nameOf(account) })
          : t('operators.form.createTitle')
      }
      busy={save.isPending}
      onClose={props.onClose}
    >
      <form onSubmit={onSubmit} noValidate>
        {account ? null : (
          <Field
            id={`${id}-username`}
            label={t('operators.form.username')}
            hint={t('operators.form.usernameHint')}
            hintClassName="muted operators-note"
            error={invalid.username}
          >
            {(control) => (
              <input
                {...control}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={username}
                onChange={(event) => setUsername(event.target.value.toLowerCase())}
              />
            )}
          </Field>
        )}
        <Field
          id={`${id}-displayName`}
          label={t('operators.form.displayName')}
          error={invalid.displayName}
        >
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              maxLength={64}
              value={displayName}
              onChange={(event) => setDisplayName(event.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('operators.form.role')}
          hint={props.self ? t('operators.form.roleSelf') : undefined}
          hintClassName="muted operators-note"
        >
          {(control) => (
            <select
              {...control}
              value={role}
              disabled={props.self}
              onChange={(event) => setRole(event.target.value as OperatorRole)}
            >
              {OPERATOR_ROLES.map((value) => (
                <option key={value} value={value}>
                  {t(`roles.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Alert>{error}</Alert>
        <FormActions
          cancelLabel={t('operators.form.cancel')}
          onCancel={props.onClose}
          submitLabel={save.isPending ? t('operators.form.working') : t('operators.form.save')}
          busy={save.isPending}
        />
      </form>
    </Dialog>
  );
}
