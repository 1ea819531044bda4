import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert } from '@/components/form';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { BankDialog } from './bank-dialog';
import { MemberTabs, TAB_IDS, type TabId } from './member-tabs';
import { useMember, useMemberAction, type Member, type MemberAction } from '../api';
import { toneOf } from '../lib/status';

type Action = MemberAction | 'bank' | null;

export function MemberPage() {
  const { memberNo = '' } = useParams();
  const { t, errorText } = useI18n();
  const session = useSession();
  const role = session?.operator.role;
  const mayChange = role === 'admin' || role === 'cashier';
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabId = TAB_IDS.includes(tabParam as TabId) ? (tabParam as TabId) : 'statement';
  const member = useMember(memberNo);

  return (
    <div className="member-page">
      <p>
        <Link to="..">{`‹ ${t('members.page.back')}`}</Link>
      </p>
      {member.error ? (
        <Alert>{errorText((member.error as { code?: string }).code ?? 'UNKNOWN')}</Alert>
      ) : !member.data ? (
        <p role="status">{t('members.page.loading')}</p>
      ) : (
        <>
          <MemberHeader member={member.data} mayChange={mayChange} />
          <MemberTabs
            // Another member's page starts at its own first pages.
            key={memberNo}
            memberNo={memberNo}
            selected={tab}
            mayChange={mayChange}
            onSelect={(id) => setParams({ tab: id }, { replace: true })}
          />
        </>
      )}
    </div>
  );
}

function MemberHeader({ member, mayChange }: { member: Member; mayChange: boolean }) {
  const { t, lang, errorText } = useI18n();
  const toast = useToast();
  const [action, setAction] = useState<Action>(null);
  const p = member.profile;
  const run = useMemberAction(p.memberNo, {
    onSuccess: (revoked, { kind }) => {
      setAction(null);
      toast.show(
        kind === 'deactivate'
          ? t('members.done.deactivated', { count: revoked })
          : kind === 'reactivate'
            ? t('members.done.reactivated')
            : t('members.done.reset'),
      );
    },
    onError: (error, { kind }) => {
      // The password was changed but the SMS did not go: say so, not "OTP failed".
      if (kind === 'reset' && error instanceof ApiError && error.code === 'OTP_SEND_FAIL') {
        setAction(null);
        toast.show(t('members.done.resetSmsFailed'), 'error');
      }
    },
  });
  const open = (next: Action) => {
    run.reset();
    setAction(next);
  };
  const dialog = (kind: 'deactivate' | 'reactivate' | 'reset') => {
    const title = {
      deactivate: t('members.confirm.deactivateTitle', { memberNo: p.memberNo }),
      reactivate: t('members.confirm.reactivateTitle', { memberNo: p.memberNo }),
      reset: t('members.confirm.resetTitle', { memberNo: p.memberNo }),
    }[kind];
    const text = {
      deactivate: t('members.confirm.deactivateText'),
      reactivate: t('members.confirm.reactivateText'),
      reset: t('members.confirm.resetText', { phone: p.phone }),
    }[kind];
    const label = {
      deactivate: t('members.actions.deactivate'),
      reactivate: t('members.actions.reactivate'),
      reset: t('members.actions.resetPassword'),
    }[kind];
    return (
      <ConfirmDialog
        open={action === kind}
        title={title}
        confirmLabel={label}
        danger={kind !== 'reactivate'}
        reason={{ hint: t('members.confirm.reasonHint') }}
        busy={run.isPending}
        error={run.error ? errorText((run.error as { code?: string }).code ?? 'UNKNOWN') : null}
        onConfirm={(reason) => run.mutate({ kind, reason })}
        onCancel={() => setAction(null)}
      >
        <p>{text}</p>
      </ConfirmDialog>
    );
  };

  return (
    <section className="member-header" aria-labelledby="member-name">
      <div className="page-title">
        <h1 id="member-name">{p.name}</h1>
        <span className="muted">{t('members.page.memberNo', { memberNo: p.memberNo })}</span>
        <StatusBadge tone={toneOf(p.status)}>{t(`members.status.${p.status}`)}</StatusBadge>
      </div>
      <div className="member-summary">
        <section className="card member-card" aria-labelledby="member-wallet">
          <h2 id="member-wallet">{t('members.page.wallet')}</h2>
          <p className="member-balance">
            <Money baht={member.wallet.balance} currency />
          </p>
          <p className="muted">
            {member.wallet.heldTotal > 0
              ? t('members.page.held', { amount: formatMoney(member.wallet.heldTotal) })
              : t('members.page.noHeld')}
          </p>
        </section>
        <section className="card member-card" aria-labelledby="member-games">
          <h2 id="member-games">{t('members.page.games')}</h2>
          {member.games.length === 0 ? (
            <p className="muted">{t('members.page.noGames')}</p>
          ) : (
            <table className="member-games">
              <caption className="visually-hidden">{t('members.page.gamesCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('members.page.provider')}</th>
                  <th scope="col" className="align-end">
                    {t('members.col.balance')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {member.games.map((game) => (
                  <tr key={game.code}>
                    <th scope="row">{game.name}</th>
                    <td className="align-end">
                      {game.status === 'ok' && game.balance !== null ? (
                        <Money baht={game.balance} />
                      ) : (
                        <StatusBadge tone="warn">
                          {t('members.page.unavailable', {
                            amount: formatMoney(game.lastKnownBalance),
                          })}
                        </StatusBadge>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="card member-card member-profile" aria-labelledby="member-profile">
          <h2 id="member-profile">{t('members.page.profile')}</h2>
          <dl>
            <dt>{t('members.page.phone')}</dt>
            <dd>{p.phone}</dd>
            <dt>{t('members.page.bank')}</dt>
            <dd>
              {p.bank.name[lang]} {p.bank.accountNo}
              <br />
              <span className="muted">{p.bank.accountName}</span>
            </dd>
            <dt>{t('members.page.createdAt')}</dt>
            <dd>{formatDateTime(p.createdAt)}</dd>
            <dt>{t('members.page.source')}</dt>
            <dd>{p.source ? p.source.description[lang] : t('members.page.none')}</dd>
            <dt>{t('members.page.invitedBy')}</dt>
            <dd>
              {p.invitedBy ? (
                <Link to={`../${p.invitedBy.memberNo}`}>
                  {p.invitedBy.memberNo} {p.invitedBy.name}
                </Link>
              ) : (
                t('members.page.none')
              )}
            </dd>
            <dt>{t('members.page.currency')}</dt>
            <dd>
              {p.currency} · {t('members.page.coin')} {p.coin}
            </dd>
          </dl>
          <p className="muted">
            {t('members.page.counts', {
              deposits: member.counts.deposits,
              withdrawals: member.counts.withdrawals,
              bonuses: member.counts.bonuses,
              sessions: member.counts.activeSessions,
              invitees: member.counts.invitees,
            })}
          </p>
        </section>
      </div>
      {mayChange ? (
        <div className="member-actions" role="group" aria-label={t('members.actions.label')}>
          {/* A router link: a page load would end the session held in memory (decision 0086). */}
          <Link className="btn btn-primary" to={`/adjustments?member=${p.memberNo}`}>
            {t('members.actions.adjust')}
          </Link>
          <button type="button" className="btn" onClick={() => open('bank')}>
            {t('members.actions.changeBank')}
          </button>
          <button type="button" className="btn" onClick={() => open('reset')}>
            {t('members.actions.resetPassword')}
          </button>
          {p.status === 'active' ? (
            <button type="button" className="btn btn-danger" onClick={() => open('deactivate')}>
              {t('members.actions.deactivate')}
            </button>
          ) : (
            <button type="button" className="btn" onClick={() => open('reactivate')}>
              {t('members.actions.reactivate')}
            </button>
          )}
        </div>
      ) : null}
      {dialog('deactivate')}
      {dialog('reactivate')}
      {dialog('reset')}
      <BankDialog
        open={action === 'bank'}
        memberNo={p.memberNo}
        current={{ bankCode: p.bank.code, accountName: p.bank.accountName }}
        onDone={(requestId) => {
          setAction(null);
          toast.show(t('members.done.bankRequested', { id: requestId }), 'info');
        }}
        onCancel={() => setAction(null)}
      />
    </section>
  );
}
