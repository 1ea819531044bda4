// A member's player protection (issue 28, decision 0139): the limits with what they hold, the
// time-out or self-exclusion in force, the reality check, every change (who, when, old, new,
// why), and the two things an operator may do on the member's request: apply a time-out or a
// self-exclusion. Nothing here shortens or lifts one: the server has no such call.
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { DataTable, type Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Alert, Field, FormActions } from '@/components/form';
import { Money } from '@/components/money';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/format';
import { useApplyProtection, useMemberProtection, type MemberProtection } from '../api';
import { SELF_EXCLUSION_DURATIONS, TIME_OUT_DURATIONS } from '../lib/protection';
import { ProtectionHistory } from './protection-history';

type Limit = MemberProtection['state']['limits'][number];
type Kind = 'timeOut' | 'selfExclude';

export function ProtectionTab({ memberNo }: { memberNo: string }) {
  const { t } = useI18n();
  const protection = useMemberProtection(memberNo);
  const [applying, setApplying] = useState<Kind | null>(null);
  const state = protection.data?.state;

  const limits: Column<Limit>[] = [
    {
      id: 'kind',
      header: t('members.protection.col.limit'),
      cell: (x) =>
        `${t(`members.protection.limitKind.${x.kind}`)} · ${t(`members.protection.period.${x.period}`)}`,
    },
    {
      id: 'amount',
      header: t('members.protection.col.amount'),
      align: 'end',
      cell: (x) => (x.amount === null ? t('members.protection.none') : <Money baht={x.amount} />),
    },
    {
      id: 'used',
      header: t('members.protection.col.used'),
      align: 'end',
      cell: (x) => <Money baht={x.used} />,
    },
    {
      id: 'pending',
      header: t('members.protection.col.pending'),
      cell: (x) =>
        x.pending
          ? t('members.protection.pendingText', {
              amount:
                x.pending.amount === null
                  ? t('members.protection.removal')
                  : formatMoney(x.pending.amount),
            })
          : '—',
    },
  ];

  if (protection.isError) return <Alert>{t('members.protection.loadFailed')}</Alert>;
  return (
    <div className="member-protection">
      <section aria-labelledby="protection-block">
        <h3 id="protection-block">{t('members.protection.blockTitle')}</h3>
        {!state ? (
          <p role="status">{t('members.page.loading')}</p>
        ) : (
          <dl className="member-protection-facts">
            <dt>{t('members.protection.block')}</dt>
            <dd data-testid="protection-block">
              {state.block ? (
                <>
                  {t(`members.protection.blockKind.${state.block.kind}`)} ·{' '}
                  {t('members.protection.until')} <DateTime value={state.block.endsAt} />
                </>
              ) : (
                t('members.protection.noBlock')
              )}
            </dd>
            <dt>{t('members.protection.realityCheck')}</dt>
            <dd>
              {state.realityCheckMinutes
                ? t('members.protection.everyMinutes', { minutes: state.realityCheckMinutes })
                : t('members.protection.off')}
            </dd>
          </dl>
        )}
        <div className="member-actions" role="group" aria-label={t('members.protection.actions')}>
          <button type="button" className="btn" onClick={() => setApplying('timeOut')}>
            {t('members.protection.applyTimeOut')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => setApplying('selfExclude')}
          >
            {t('members.protection.applySelfExclusion')}
          </button>
        </div>
        <p className="muted">{t('members.protection.neverLift')}</p>
      </section>
      <DataTable
        caption={t('members.protection.limitsCaption')}
        showCaption
        columns={limits}
        rows={state?.limits}
        rowKey={(x) => `${x.kind}:${x.period}`}
        loading={!state}
      />
      <ProtectionHistory rows={protection.data?.history} />
      {applying ? (
        <ApplyDialog memberNo={memberNo} kind={applying} onClose={() => setApplying(null)} />
      ) : null}
    </div>
  );
}

/** Duration and reason, then a confirmation inside the same dialog. */
function ApplyDialog({
  memberNo,
  kind,
  onClose,
}: {
  memberNo: string;
  kind: Kind;
  onClose: () => void;
}) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const durations = kind === 'timeOut' ? TIME_OUT_DURATIONS : SELF_EXCLUSION_DURATIONS;
  const [duration, setDuration] = useState<string>(durations[0]);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const apply = useApplyProtection(memberNo, {
    onSuccess: () => {
      toast.show(t(`members.protection.done.${kind}`));
      onClose();
    },
  });
  const title = t(
    kind === 'timeOut'
      ? 'members.protection.timeOutTitle'
      : 'members.protection.selfExclusionTitle',
    { memberNo },
  );
  const durationText = t(`members.protection.duration.${duration as '24h'}`);
  return (
    <Dialog title={title} busy={apply.isPending} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setMissing(true);
            return;
          }
          if (!confirming) {
            setConfirming(true);
            return;
          }
          if (kind === 'timeOut')
            apply.mutate({
              kind,
              duration: duration as (typeof TIME_OUT_DURATIONS)[number],
              reason: reason.trim(),
            });
          else
            apply.mutate({
              kind,
              duration: duration as (typeof SELF_EXCLUSION_DURATIONS)[number],
              reason: reason.trim(),
            });
        }}
      >
        <p className="dialog-body">{t('members.protection.onRequest')}</p>
        <Field label={t('members.protection.durationLabel')}>
          {(control) => (
            <select
              {...control}
              data-autofocus
              value={duration}
              disabled={confirming}
              onChange={(event) => setDuration(event.target.value)}
            >
              {durations.map((d) => (
                <option key={d} value={d}>
                  {t(`members.protection.duration.${d}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('members.protection.reasonLabel')}
          hint={t('members.confirm.reasonHint')}
          error={missing ? t('dialog.reasonRequired') : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={200}
              required
              value={reason}
              disabled={confirming}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setMissing(false);
              }}
            />
          )}
        </Field>
        {confirming ? (
          <Alert>{t('members.protection.confirmText', { duration: durationText, memberNo })}</Alert>
        ) : null}
        {apply.error ? (
          <Alert>{errorText((apply.error as { code?: string }).code ?? 'UNKNOWN')}</Alert>
        ) : null}
        <FormActions
          cancelLabel={t('dialog.cancel')}
          onCancel={confirming ? () => setConfirming(false) : onClose}
          submitLabel={confirming ? t('members.protection.confirm') : t('members.protection.next')}
          danger={confirming}
          busy={apply.isPending}
        />
      </form>
    </Dialog>
  );
}
