// A member's signed-in sessions; a cashier or an admin may end one.
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { useRevokeSession, type RowOf } from '../api';
import { PagedTab } from './paged-tab';

export function SessionsTab({ memberNo, mayChange }: { memberNo: string; mayChange: boolean }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const [target, setTarget] = useState<number | null>(null);
  const revoke = useRevokeSession(memberNo, {
    onSuccess: () => {
      setTarget(null);
      toast.show(t('members.done.revoked'));
    },
  });
  const columns: Column<RowOf<'sessions'>>[] = [
    {
      id: 'created',
      header: t('members.col.createdSession'),
      cell: (x) => <DateTime value={x.createdAt} />,
    },
    {
      id: 'seen',
      header: t('members.col.lastSeenAt'),
      cell: (x) => <DateTime value={x.lastSeenAt} />,
    },
    {
      id: 'expires',
      header: t('members.col.expiresAt'),
      cell: (x) => <DateTime value={x.expiresAt} />,
    },
    ...(mayChange
      ? [
          {
            id: 'actions',
            header: t('members.col.actions'),
            cell: (x: RowOf<'sessions'>) => (
              <button
                type="button"
                className="btn"
                aria-label={t('members.actions.revokeLabel', { id: x.id })}
                onClick={() => {
                  revoke.reset();
                  setTarget(x.id);
                }}
              >
                {t('members.actions.revoke')}
              </button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PagedTab
        list="sessions"
        memberNo={memberNo}
        caption={t('members.captions.sessions')}
        columns={columns}
        rowKey={(x) => x.id}
      />
      <ConfirmDialog
        open={target !== null}
        title={t('members.confirm.revokeTitle')}
        confirmLabel={t('members.actions.revoke')}
        danger
        busy={revoke.isPending}
        error={
          revoke.error ? errorText((revoke.error as { code?: string }).code ?? 'UNKNOWN') : null
        }
        onConfirm={() => target !== null && revoke.mutate(target)}
        onCancel={() => setTarget(null)}
      >
        <p>{t('members.confirm.revokeText')}</p>
      </ConfirmDialog>
    </>
  );
}
