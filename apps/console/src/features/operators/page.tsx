// The operators section (decision 0089), admin only: the operator accounts and what an admin
// does to them. A temporary password (new account, password reset) is shown once, in a
// dialog with a copy button, and kept nowhere else. An admin cannot deactivate or demote
// themselves: those controls are off on their own row, with the reason beside them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { routes } from '@wallet/contract/routes';
import { OPERATOR_ROLES, type OperatorRole } from '@wallet/contract/routes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Pager } from '@/components/pager';
import { StatusBadge } from '@/components/status-badge';
import { useToast } from '@/components/toast';
import { useFocusTrap } from '@/components/use-focus-trap';
import { useI18n } from '@/i18n/i18n';
import { ApiError, callApi, type ApiAnswer } from '@/lib/api';
import { useSession } from '@/lib/session';
import '@/components/dialog.css';
import './operators.css';

type Account = ApiAnswer<typeof routes.operatorAccounts.list>['rows'][number];
type Action = 'deactivate' | 'reactivate' | 'resetPassword' | 'resetTotp' | 'signOut';

const PAGE_SIZE = 50;
const USERNAME = /^[a-z0-9._-]{3,32}$/;

const nameOf = (a: Pick<Account, 'displayName' | 'username'>) =>
  a.displayName === a.username ? a.username : `${a.displayName} (${a.username})`;

export default function OperatorsPage() {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const session = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const [confirming, setConfirming] = useState<{ account: Account; action: Action } | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [password, setPassword] = useState<{ name: string; value: string } | null>(null);

  const list = useQuery({
    queryKey: ['operators', page],
    queryFn: ({ signal }) =>
      callApi(routes.operatorAccounts.list, { query: { page, pageSize: PAGE_SIZE }, signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['operators'] });

  const act = useMutation({
    mutationFn: async ({ account, action }: { account: Account; action: Action }) => {
      const params = { operatorId: account.id };
      switch (action) {
        case 'deactivate':
        case 'reactivate':
          return {
            kind: action,
            answer: await callApi(routes.operatorAccounts.setStatus, {
              params,
              body: { status: action === 'deactivate' ? 'inactive' : 'active' },
            }),
          } as const;
        case 'resetPassword':
          return {
            kind: action,
            answer: await callApi(routes.operatorAccounts.resetPassword, { params }),
          } as const;
        case 'resetTotp':
          return {
            kind: action,
            answer: await callApi(routes.operatorAccounts.resetTotp, { params }),
          } as const;
        case 'signOut':
          return {
            kind: action,
            answer: await callApi(routes.operatorAccounts.signOut, { params }),
          } as const;
      }
    },
    onSuccess: (result, { account }) => {
      setConfirming(null);
      const name = nameOf(account);
      // A change that weakens a control waits for a second admin (decision 0117).
      const requestId = 'requestId' in result.answer ? result.answer.requestId : null;
      if (typeof requestId === 'number')
        toast.show(t('operators.done.pending', { name, id: requestId }), 'info');
      else if (result.kind === 'resetPassword')
        setPassword({ name, value: result.answer.temporaryPassword });
      else if (result.kind === 'reactivate') toast.show(t('operators.done.reactivate', { name }));
      else if (result.kind === 'resetTotp') toast.show(t('operators.done.resetTotp', { name }));
      else toast.show(t(`operators.done.${result.kind}`, { name, count: result.answer.revoked }));
      void refresh();
    },
    onError: (caught) => {
      const status = caught instanceof ApiError ? caught.status : 0;
      const code = caught instanceof ApiError ? caught.code : 'INTERNAL_SERVER_ERROR';
      setConfirmError(
        status === 403 && code === 'UNAUTHORIZED' ? t('operators.errors.self') : errorText(code),
      );
    },
  });

  const me = session?.operator.id;
  const columns: Column<Account>[] = [
    {
      id: 'username',
      header: t('operators.columns.username'),
      cell: (a) => (
        <span className="operators-who">
          <span className="operators-username">
            {a.username}
            {a.id === me ? <span className="muted"> {t('operators.you')}</span> : null}
          </span>
          {a.displayName !== a.username ? <span className="muted">{a.displayName}</span> : null}
        </span>
      ),
    },
    {
      id: 'role',
      header: t('operators.columns.role'),
      cell: (a) => <span className="operators-role">{t(`roles.${a.role}`)}</span>,
    },
    {
      id: 'status',
      header: t('operators.columns.status'),
      cell: (a) => (
        <StatusBadge tone={a.status === 'active' ? 'ok' : 'neutral'}>
          {t(`operators.status.${a.status}`)}
        </StatusBadge>
      ),
    },
    {
      id: 'totp',
      header: t('operators.columns.totp'),
      cell: (a) => (
        <span className="operators-who">
          <StatusBadge tone={a.totpEnrolled ? 'ok' : 'warn'}>
            {t(a.totpEnrolled ? 'operators.totp.yes' : 'operators.totp.no')}
          </StatusBadge>
          {a.passwordChangeRequired ? (
            <span className="muted">{t('operators.passwordChangeRequired')}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'lastSignIn',
      header: t('operators.columns.lastSignIn'),
      cell: (a) =>
        a.lastSignInAt ? (
          <DateTime value={a.lastSignInAt} />
        ) : (
          <span className="muted">{t('operators.never')}</span>
        ),
    },
    {
      id: 'actions',
      header: t('operators.columns.actions'),
      cell: (a) => (
        <RowActions
          account={a}
          self={a.id === me}
          onEdit={() => setEditing(a)}
          onAction={(action) => {
            setConfirmError(null);
            setConfirming({ account: a, action });
          }}
        />
      ),
    },
  ];

  return (
    <div className="operators-page">
      <div className="page-title operators-title">
        <h1>{t('operators.title')}</h1>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {t('operators.create')}
        </button>
      </div>
      <p className="muted">{t('operators.intro')}</p>
      {list.isError ? (
        <p className="alert" role="alert">
          {t('operators.loadFailed')}:{' '}
          {errorText(list.error instanceof ApiError ? list.error.code : 'INTERNAL_SERVER_ERROR')}
        </p>
      ) : null}
      <DataTable
        caption={t('operators.caption')}
        columns={columns}
        rows={list.data?.rows}
        rowKey={(a) => a.id}
        loading={list.isPending}
      />
      {list.data && list.data.total > PAGE_SIZE ? (
        <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
      ) : null}

      {editing ? (
        <AccountDialog
          account={editing === 'new' ? null : editing}
          self={editing !== 'new' && editing.id === me}
          onClose={() => setEditing(null)}
          onCreated={(account, temporaryPassword, requestId) => {
            setEditing(null);
            toast.show(
              requestId === null
                ? t('operators.done.created', { name: nameOf(account) })
                : t('operators.done.createdPending', { name: nameOf(account), id: requestId }),
              requestId === null ? 'success' : 'info',
            );
            setPassword({ name: nameOf(account), value: temporaryPassword });
            void refresh();
          }}
          onSaved={(account, requestId) => {
            setEditing(null);
            toast.show(
              requestId === null
                ? t('operators.done.saved', { name: nameOf(account) })
                : t('operators.done.pending', { name: nameOf(account), id: requestId }),
              requestId === null ? 'success' : 'info',
            );
            void refresh();
          }}
        />
      ) : null}

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`operators.actions.${confirming.action}`) : ''}
        confirmLabel={confirming ? t(`operators.actions.${confirming.action}`) : undefined}
        danger={confirming?.action === 'deactivate'}
        busy={act.isPending}
        error={confirmError}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) act.mutate(confirming);
        }}
      >
        <p>
          {confirming
            ? t(`operators.confirm.${confirming.action}`, { name: nameOf(confirming.account) })
            : null}
        </p>
      </ConfirmDialog>

      {password ? (
        <PasswordDialog
          name={password.name}
          password={password.value}
          onClose={() => setPassword(null)}
        />
      ) : null}
    </div>
  );
}

function RowActions(props: {
  account: Account;
  self: boolean;
  onEdit: () => void;
  onAction: (action: Action) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const { account, self } = props;
  const note = self ? `${id}-self` : undefined;
  const active = account.status === 'active';
  return (
    <div
      className="operators-actions"
      role="group"
      aria-label={t('operators.actions.label', { name: nameOf(account) })}
    >
      <button type="button" className="btn" onClick={props.onEdit}>
        {t('operators.actions.edit')}
      </button>
      <button
        type="button"
        className={active ? 'btn operators-danger' : 'btn'}
        disabled={self}
        aria-describedby={note}
        onClick={() => props.onAction(active ? 'deactivate' : 'reactivate')}
      >
        {t(active ? 'operators.actions.deactivate' : 'operators.actions.reactivate')}
      </button>
      <button type="button" className="btn" onClick={() => props.onAction('resetPassword')}>
        {t('operators.actions.resetPassword')}
      </button>
      <button type="button" className="btn" onClick={() => props.onAction('resetTotp')}>
        {t('operators.actions.resetTotp')}
      </button>
      <button type="button" className="btn" onClick={() => props.onAction('signOut')}>
        {t('operators.actions.signOut')}
      </button>
      {self ? (
        <p id={note} className="muted operators-note">
          {t('operators.actions.self')}
        </p>
      ) : null}
    </div>
  );
}

/** A modal with a focus trap, labelled by its title; Escape closes it (unless busy). */
function Modal(props: { title: string; busy?: boolean; onClose: () => void; children: ReactNode }) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, props.busy ? undefined : props.onClose);
  return (
    <div className="dialog-backdrop">
      <div
        ref={panel}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
      >
        <h2 id={`${id}-title`}>{props.title}</h2>
        {props.children}
      </div>
    </div>
  );
}

function AccountDialog(props: {
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

  const save = useMutation({
    mutationFn: async () => {
      if (!account) {
        const created = await callApi(routes.operatorAccounts.create, {
          body: { username: username.trim(), displayName: displayName.trim(), role },
        });
        return { created };
      }
      const body = props.self
        ? { displayName: displayName.trim() }
        : { displayName: displayName.trim(), role };
      const saved = await callApi(routes.operatorAccounts.update, {
        params: { operatorId: account.id },
        body,
      });
      return { saved };
    },
    onSuccess: (result) => {
      if ('created' in result && result.created)
        props.onCreated(
          result.created.operator,
          result.created.temporaryPassword,
          result.created.requestId,
        );
      else if ('saved' in result && result.saved)
        props.onSaved(result.saved.operator, result.saved.requestId);
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
    save.mutate();
  };

  const described = (field: string, hint?: string) =>
    [invalid[field] ? `${id}-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ') ||
    undefined;
  const fieldError = (field: string) =>
    invalid[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {invalid[field]}
      </p>
    ) : null;

  return (
    <Modal
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
          <div className="field">
            <label htmlFor={`${id}-username`}>{t('operators.form.username')}</label>
            <input
              id={`${id}-username`}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              aria-invalid={invalid.username ? true : undefined}
              aria-describedby={described('username', `${id}-username-hint`)}
              onChange={(event) => setUsername(event.target.value.toLowerCase())}
            />
            <p id={`${id}-username-hint`} className="muted operators-note">
              {t('operators.form.usernameHint')}
            </p>
            {fieldError('username')}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-displayName`}>{t('operators.form.displayName')}</label>
          <input
            id={`${id}-displayName`}
            autoComplete="off"
            maxLength={64}
            value={displayName}
            aria-invalid={invalid.displayName ? true : undefined}
            aria-describedby={described('displayName')}
            onChange={(event) => setDisplayName(event.target.value)}
          />
          {fieldError('displayName')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>{t('operators.form.role')}</label>
          <select
            id={`${id}-role`}
            value={role}
            disabled={props.self}
            aria-describedby={props.self ? `${id}-role-self` : undefined}
            onChange={(event) => setRole(event.target.value as OperatorRole)}
          >
            {OPERATOR_ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`roles.${value}`)}
              </option>
            ))}
          </select>
          {props.self ? (
            <p id={`${id}-role-self`} className="muted operators-note">
              {t('operators.form.roleSelf')}
            </p>
          ) : null}
        </div>
        {error ? (
          <p className="alert" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={props.onClose} disabled={save.isPending}>
            {t('operators.form.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={save.isPending}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? t('operators.form.working') : t('operators.form.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function PasswordDialog(props: { name: string; password: string; onClose: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.password);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Modal title={t('operators.password.title', { name: props.name })} onClose={props.onClose}>
      <p>{t('operators.password.text')}</p>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('operators.password.label')}</label>
        <div className="operators-password">
          <input
            id={`${id}-password`}
            readOnly
            value={props.password}
            className="operators-password-value"
            spellCheck={false}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="btn" data-autofocus onClick={() => void copy()}>
            {t('operators.password.copy')}
          </button>
        </div>
        <p className="muted operators-note" role="status">
          {copied === 'yes'
            ? t('operators.password.copied')
            : copied === 'failed'
              ? t('operators.password.copyFailed')
              : ''}
        </p>
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={props.onClose}>
          {t('operators.password.done')}
        </button>
      </div>
    </Modal>
  );
}
