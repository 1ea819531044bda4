import { useId } from 'react';
import { useI18n } from '@/i18n/i18n';
import type { Account, Action } from '../api';
import { nameOf } from '../lib/names';

/** An account's buttons; an admin's own row has deactivate off, with the reason beside it. */
export function RowActions(props: {
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
