// The operators section (decision 0089), admin only: the operator accounts and what an admin
// does to them. A temporary password (new account, password reset) is shown once, in a
// dialog with a copy button, and kept nowhere else. An admin cannot deactivate or demote
// themselves: those controls are off on their own row, with the reason beside them.
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { Alert } from '@/components/form';
import { Pager } from '@/components/pager';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { PAGE_SIZE, useAccountAction, useAccounts, type Account, type Action } from './api';
import { useAccountColumns } from './components/account-columns';
import { AccountDialog } from './components/account-dialog';
import { PasswordDialog } from './components/password-dialog';
import { nameOf } from './lib/names';
import './operators.css';

export default function OperatorsPage() {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const session = useSession();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const [confirming, setConfirming] = useState<{ account: Account; action: Action } | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [password, setPassword] = useState<{ name: string; value: string } | null>(null);

  const list = useAccounts(page);
  const act = useAccountAction({
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
  const columns = useAccountColumns({
    me,
    onEdit: setEditing,
    onAction: (account, action) => {
      setConfirmError(null);
      setConfirming({ account, action });
    },
  });

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
        <Alert>
          {t('operators.loadFailed')}:{' '}
          {errorText(list.error instanceof ApiError ? list.error.code : 'INTERNAL_SERVER_ERROR')}
        </Alert>
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
          }}
          onSaved={(account, requestId) => {
            setEditing(null);
            toast.show(
              requestId === null
                ? t('operators.done.saved', { name: nameOf(account) })
                : t('operators.done.pending', { name: nameOf(account), id: requestId }),
              requestId === null ? 'success' : 'info',
            );
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
