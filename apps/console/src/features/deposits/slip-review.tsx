// The review panel of one slip (decision 0091): the image (zoomable, described), what the
// rules found (the bank's sender against the member's registered account, the receiver,
// why it is held, when the member registered and whether their payout account is trusted,
// the other members whose account fits the sender: decision 0124), and for a slip held for
// review: approve, approve a corrected (lower) amount with a reason, or reject with a reason
// code and a message the member sees.
import { parseAmountSatang } from '@wallet/client/amount';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useToast } from '@/components/toast';
import { Dialog } from '@/components/dialog';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { approveSlip, rejectSlip, useRefreshDeposits, type SlipRow } from './api';
import { slipTones } from './slip-tones';

const ZOOMS = [1, 1.5, 2, 3] as const;
const REJECT_CODES = [
  'NOT_MATCH',
  'INVALID_SLIP',
  'EXPIRED_SLIP',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
] as const;
type RejectCode = (typeof REJECT_CODES)[number];
type Action = 'approve' | 'correct' | 'reject' | null;

/**
 * Satang from a typed baht amount (`@wallet/client/amount`), or null when it is not a
 * positive amount of at most 2 decimals.
 */
export function satangOf(text: string): number | null {
  const amount = parseAmountSatang(text);
  return amount.ok && amount.satang > 0 ? amount.satang : null;
}

interface SlipReviewProps {
  slip: SlipRow;
  onClose: () => void;
  /** Asks for the list again (a fresh image link). */
  onReloadImage: () => void;
}

export function SlipReview({ slip, onClose, onReloadImage }: SlipReviewProps) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const refresh = useRefreshDeposits();
  const id = useId();
  const [zoom, setZoom] = useState(0);
  const [imageFailed, setImageFailed] = useState(false);
  const [action, setAction] = useState<Action>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [amountText, setAmountText] = useState('');
  const [code, setCode] = useState<RejectCode>('NOT_MATCH');

  const held = slip.state === 'review';
  const readSatang = Math.round(slip.amount * 100);

  const openAction = (next: Action) => {
    setError(null);
    setAmountText(formatMoney(slip.amount).replace(/,/g, ''));
    setCode('NOT_MATCH');
    setAction(next);
  };

  const run = async (call: () => Promise<SlipRow>, done: (row: SlipRow) => string) => {
    setBusy(true);
    setError(null);
    try {
      const row = await call();
      toast.show(done(row), row.state === 'failed' && action !== 'reject' ? 'error' : 'success');
      setAction(null);
      await refresh();
      onClose();
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : 'NETWORK_ERROR';
      if (failure instanceof ApiError && failure.status === 409) {
        setError(t('deposits.review.decidedElsewhere'));
        void refresh();
      } else setError(errorText(code));
    } finally {
      setBusy(false);
    }
  };

  const approved = (row: SlipRow) =>
    row.state === 'success'
      ? t('deposits.review.approved', { amount: formatMoney(row.creditedAmount ?? row.amount) })
      : t('deposits.review.duplicate');

  const party = (p: SlipRow['sender']) =>
    p ? (
      <>
        <span className="mono">
          {p.bankCode} {p.accountNo}
        </span>
        {p.name ? <> · {p.name}</> : null}
      </>
    ) : (
      <span className="muted">{t('deposits.review.notRecorded')}</span>
    );

  const scale = ZOOMS[zoom]!;
  return (
    <>
      {/* Its trap is always on: the confirmation dialogs sit outside this panel, with their own. */}
      <Dialog
        title={t('deposits.review.title', { reference: slip.reference })}
        busy={busy || action !== null}
        onClose={onClose}
        className="slip-review"
        testId="slip-review"
        header={(heading) => (
          <div className="slip-review-head">
            {heading}
            <StatusBadge tone={slipTones[slip.state]}>
              {t(`deposits.slipState.${slip.state}`)}
            </StatusBadge>
            <button type="button" className="btn" onClick={onClose} disabled={busy}>
              {t('deposits.review.close')}
            </button>
          </div>
        )}
      >
        <div className="slip-review-body">
          <figure className="slip-image">
            <figcaption className="slip-image-bar">
              <span>{t('deposits.review.image')}</span>
              <span className="slip-zoom">
                <button
                  type="button"
                  className="btn"
                  onClick={() => setZoom((z) => Math.max(0, z - 1))}
                  disabled={zoom === 0 || !slip.image}
                  aria-label={t('deposits.review.zoomOut')}
                >
                  −
                </button>
                <span aria-live="polite" className="muted">
                  {t('deposits.review.zoomLevel', { percent: scale * 100 })}
                </span>
                <button
                  type="button"
                  className="btn"
                  onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
                  disabled={zoom === ZOOMS.length - 1 || !slip.image}
                  aria-label={t('deposits.review.zoomIn')}
                >
                  +
                </button>
                {slip.image ? (
                  <a
                    className="btn btn-link"
                    href={slip.image}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {t('deposits.review.openFull')}
                  </a>
                ) : null}
              </span>
            </figcaption>
            <div className="slip-image-frame" tabIndex={slip.image ? 0 : undefined}>
              {slip.image && !imageFailed ? (
                <img
                  src={slip.image}
                  alt={t('deposits.review.imageAlt', {
                    member: slip.memberNo,
                    amount: formatMoney(slip.amount),
                    ref: slip.transRef ?? '–',
                  })}
                  style={{ width: `${scale * 100}%` }}
                  referrerPolicy="no-referrer"
                  onError={() => setImageFailed(true)}
                  data-testid="slip-image"
                />
              ) : slip.image ? (
                <div className="slip-image-missing">
                  <p role="alert">{t('deposits.review.imageFailed')}</p>
                  <button
                    type="button"
                    className="btn"
                    onClick={() => {
                      setImageFailed(false);
                      onReloadImage();
                    }}
                  >
                    {t('deposits.review.reloadImage')}
                  </button>
                </div>
              ) : (
                <p className="slip-image-missing muted">{t('deposits.review.noImage')}</p>
              )}
            </div>
          </figure>
          <section className="slip-findings" aria-labelledby={`${id}-findings`}>
            <h3 id={`${id}-findings`}>{t('deposits.review.findings')}</h3>
            {slip.reviewCause ? (
              <p className="notice" data-testid="slip-cause">
                <strong>{t('deposits.review.cause')}:</strong>{' '}
                {t(`deposits.cause.${slip.reviewCause}`)}
              </p>
            ) : null}
            <dl className="slip-facts">
              <dt>{t('deposits.columns.member')}</dt>
              <dd>
                <span className="mono">{slip.memberNo}</span> · {slip.memberName}
              </dd>
              <dt>{t('deposits.review.amountRead')}</dt>
              <dd>
                <Money baht={slip.amount} currency />
              </dd>
              {slip.creditedAmount !== null ? (
                <>
                  <dt>{t('deposits.review.creditedAmount')}</dt>
                  <dd>
                    <Money baht={slip.creditedAmount} currency />
                  </dd>
                </>
              ) : null}
              <dt>{t('deposits.review.sender')}</dt>
              <dd data-testid="slip-sender">{party(slip.sender)}</dd>
              <dt>{t('deposits.review.registered')}</dt>
              <dd data-testid="slip-registered">{party(slip.registered)}</dd>
              <dt>{t('deposits.review.registeredAt')}</dt>
              <dd>
                <DateTime value={slip.memberRegisteredAt} />
              </dd>
              <dt>{t('deposits.review.trust')}</dt>
              <dd data-testid="slip-trust">
                {slip.memberTrust
                  ? t('deposits.review.trusted', {
                      time: formatDateTime(slip.memberTrust.at),
                      cause: t(`deposits.trustCause.${slip.memberTrust.cause}`),
                    })
                  : t('deposits.review.notTrusted')}
              </dd>
              <dt>{t('deposits.review.receiver')}</dt>
              <dd>{party(slip.receiver)}</dd>
              <dt>{t('deposits.review.transferredAt')}</dt>
              <dd>{slip.transferredAt ? <DateTime value={slip.transferredAt} /> : '–'}</dd>
              <dt>{t('deposits.review.uploadedAt')}</dt>
              <dd>
                <DateTime value={slip.createdAt} />
              </dd>
              <dt>{t('deposits.review.bankRef')}</dt>
              <dd className="mono">
                {slip.sendingBank ?? '–'} / {slip.transRef ?? '–'}
              </dd>
              {slip.reason ? (
                <>
                  <dt>{t('deposits.review.reason')}</dt>
                  <dd>{t(`deposits.reasons.${slip.reason}`)}</dd>
                </>
              ) : null}
              {slip.decidedBy && slip.decidedAt ? (
                <>
                  <dt>{t('deposits.review.note')}</dt>
                  <dd>
                    {t('deposits.review.decided', {
                      operator: slip.decidedBy,
                      time: formatDateTime(slip.decidedAt),
                    })}
                    {slip.decisionNote ? <> · “{slip.decisionNote}”</> : null}
                  </dd>
                </>
              ) : null}
            </dl>
            {slip.otherMatches.length > 0 ? (
              <section
                className="slip-others"
                aria-labelledby={`${id}-others`}
                data-testid="slip-others"
              >
                <h4 id={`${id}-others`}>
                  {t('deposits.review.othersTitle', { count: slip.otherMatches.length })}
                </h4>
                <p className="muted">{t('deposits.review.othersHint')}</p>
                <div className="data-table-wrap">
                  <table className="data-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('deposits.review.otherMember')}</th>
                        <th scope="col">{t('deposits.review.otherAccount')}</th>
                        <th scope="col">{t('deposits.review.otherRegistered')}</th>
                        <th scope="col">{t('deposits.review.otherTrust')}</th>
                        <th scope="col">{t('deposits.review.otherSlip')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {slip.otherMatches.map((other) => (
                        <tr key={other.memberNo}>
                          <td>
                            <span className="mono">{other.memberNo}</span> · {other.memberName}
                          </td>
                          <td>{party(other.registered)}</td>
                          <td>
                            <DateTime value={other.registeredAt} />
                          </td>
                          <td>
                            {other.trusted ? t('deposits.review.yes') : t('deposits.review.no')}
                          </td>
                          <td>
                            {other.slip ? (
                              <>
                                <span className="mono">{other.slip.reference}</span> ·{' '}
                                {t(`deposits.slipState.${other.slip.state}`)}
                              </>
                            ) : (
                              t('deposits.review.noSlip')
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            ) : null}
            {held ? (
              <div className="slip-actions">
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => openAction('approve')}
                >
                  {t('deposits.review.approve', { amount: formatMoney(slip.amount) })}
                </button>
                <button type="button" className="btn" onClick={() => openAction('correct')}>
                  {t('deposits.review.correct')}
                </button>
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => openAction('reject')}
                >
                  {t('deposits.review.reject')}
                </button>
              </div>
            ) : null}
          </section>
        </div>
      </Dialog>
      <ConfirmDialog
        open={action === 'approve'}
        title={t('deposits.review.approveTitle')}
        confirmLabel={t('deposits.review.approve', { amount: formatMoney(slip.amount) })}
        busy={busy}
        error={error}
        onCancel={() => setAction(null)}
        onConfirm={() => void run(() => approveSlip(slip.reference, {}), approved)}
      >
        <p>
          {t('deposits.review.approveText', {
            member: slip.memberNo,
            amount: formatMoney(slip.amount),
          })}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={action === 'correct'}
        title={t('deposits.review.correctTitle')}
        confirmLabel={t('deposits.review.correctConfirm')}
        reason={{ label: t('deposits.review.correctReason') }}
        busy={busy}
        error={error}
        onCancel={() => setAction(null)}
        onConfirm={(reason) => {
          const satang = satangOf(amountText);
          if (satang === null || satang > readSatang) {
            setError(t('deposits.review.amountInvalid', { amount: formatMoney(slip.amount) }));
            return;
          }
          void run(() => approveSlip(slip.reference, { amount: satang / 100, reason }), approved);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-amount`}>{t('deposits.review.correctAmount')}</label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            aria-describedby={`${id}-amount-hint`}
            onChange={(event) => setAmountText(event.target.value)}
          />
          <p id={`${id}-amount-hint`} className="muted">
            {t('deposits.review.correctHint', { amount: formatMoney(slip.amount) })}
          </p>
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={action === 'reject'}
        title={t('deposits.review.rejectTitle')}
        confirmLabel={t('deposits.review.reject')}
        danger
        reason={{ label: t('deposits.review.rejectNote'), hint: t('deposits.review.rejectHint') }}
        busy={busy}
        error={error}
        onCancel={() => setAction(null)}
        onConfirm={(note) =>
          void run(
            () => rejectSlip(slip.reference, { code, note }),
            () => t('deposits.review.rejected'),
          )
        }
      >
        <div className="field">
          <label htmlFor={`${id}-code`}>{t('deposits.review.rejectCode')}</label>
          <select
            id={`${id}-code`}
            value={code}
            onChange={(event) => setCode(event.target.value as RejectCode)}
          >
            {REJECT_CODES.map((c) => (
              <option key={c} value={c}>
                {t(`deposits.reasons.${c}`)}
              </option>
            ))}
          </select>
        </div>
      </ConfirmDialog>
    </>
  );
}
