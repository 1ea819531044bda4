import type { Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import type { Account, Action } from '../api';
import { RowActions } from './row-actions';

/** The accounts table's columns; `me` is the signed-in admin's own id. */
export function useAccountColumns(props: {
  me: number | undefined;
  onEdit: (account: Account) => void;
  onAction: (account: Account, action: Action) => void;
}): Column<Account>[] {
  const { t } = useI18n();
  return [
    {
      id: 'username',
      header: t('operators.columns.username'),
      cell: (a) => (
        <span className="operators-who">
          <span className="operators-username">
            {a.username}
            {a.id === props.me ? <span className="muted"> {t('operators.you')}</span> : null}
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
          self={a.id === props.me}
          onEdit={() => props.onEdit(a)}
          onAction={(action) => props.onAction(a, action)}
        />
      ),
    },
  ];
}
