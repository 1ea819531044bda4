// QR deposits (docs/decisions/0024-qr-deposits-and-webhooks.md). Invariant 6 of
// architecture.md with the QR gateway as the outside party:
// 1. one transaction: cancel the member's other open QR and insert ours (CREATING) with our
//    own reference, amount and expiry;
// 2. outside any transaction: ask the gateway for a charge under our reference;
// 3. the credit happens exactly once, when the gateway says the QR was paid (signed webhook,
//    or the reconciler's status query when a webhook never came): one transaction posts
//    world:bank -> member cash for the amount in OUR row, marks the row PAID with the
//    gateway's transaction id and writes the statement row. UNIQUE (gateway, txn_id), the
//    ledger's external_ref and idempotency key, and the PAID-is-final trigger make a second
//    credit impossible in the database.
// An unknown outcome (timeout, 5xx) is never guessed: the reconciler asks again.
import { randomBytes } from 'node:crypto';
import type { QrGatewayCode, QrState } from '@wallet/contract';
import { NO_QR_STATE, qrGatewayCodes, qrGateways, satangToBaht } from '@wallet/contract';
import QRCode from 'qrcode';
import type { AppDeps } from '../../deps';
import type { QrDepositRow } from '../../db/schema';
import { lockKey, lockRows, withTransaction } from '../../db/transaction';
import { isoNow, isoPlus } from '../../lib/clock';
import type { QrChargeStatus, QrCreateOutcome } from '../../ports/qr-gateway';
import type { Flow, Resolution } from '../../reconcile';
import { DepositError, QrAlreadyPaidError } from './deposits.errors';
import * as repo from './deposits.repository';
import { creditDeposit } from './deposits.credit';
import { assertDepositFits } from '../protection';
import { depositBackoff, inFlightMs } from './deposits.timing';

export type QrDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'qrGateway'>;

const FAILED_QR: QrState = { ...NO_QR_STATE, message: 'QR_FAIL' };

/** Our deposit reference: 'QR' + 18 upper-case hex digits (the gateways' `[A-Z0-9]{6,20}`). */
export const newQrRef = (): string => `QR${randomBytes(9).toString('hex').toUpperCase()}`;

export function gatewayOf(bankCode: string): QrGatewayCode {
  const code = qrGatewayCodes.find((c) => c === bankCode);
  if (!code) throw new DepositError('NO_DATA');
  return code;
}

export const webhookUrl = (deps: Pick<AppDeps, 'config'>, gateway: QrGatewayCode): string =>
  `${deps.config.deposits.publicUrl}/api/webhooks/qr/${gateway}`;

/** How often an open QR's status is asked when its webhook has not come. */
const pollMs = (deps: QrDeps) => deps.config.deposits.reconcileIntervalMs * 2;

function secondsLeft(deps: QrDeps, row: QrDepositRow): number {
  return Math.floor((Date.parse(row.expires_at) - deps.clock.now().getTime()) / 1000);
}

/** What the member sees of a QR row: the SVG of the gateway's payload while it is open. */
export async function stateOf(deps: QrDeps, row: QrDepositRow): Promise<QrState> {
  const left = secondsLeft(deps, row);
  if (row.status !== 'OPEN' || !row.payload || left <= 0) return NO_QR_STATE;
  const qrcode = await QRCode.toString(row.payload, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return {
    qrcodeId: row.ref,
    hasQrcode: true,
    qrcode,
    amount: satangToBaht(row.amount),
    expireIn: left,
    message: null,
  };
}

/**
 * The answer for a bank whose latest QR was paid (decision 0054): no open QR, but the paid
 * one's id and amount, `message: 'SUCCESS'` and `paidAt`, so an open QR view can tell the
 * member the money arrived. Reported for one QR lifetime after the credit.
 */
function paidStateOf(deps: QrDeps, row: QrDepositRow | undefined): QrState | undefined {
  if (!row || row.status !== 'PAID') return undefined;
  const creditedAt = Date.parse(row.updated_at);
  const since = deps.clock.now().getTime() - creditedAt;
  if (!(since <= deps.config.deposits.qrExpirySeconds * 1000)) return undefined;
  return {
    ...NO_QR_STATE,
    qrcodeId: row.ref,
    amount: satangToBaht(row.amount),
    message: 'SUCCESS',
    paidAt: new Date(creditedAt).toISOString(),
  };
}

/**
 * GET /api/qrcode/:bankCode: the member's open QR of that bank; else, when that bank's
 * latest QR was paid lately, that it was paid; else none.
 */
export async function getQr(deps: QrDeps, memberId: number, bankCode: string) {
  const gateway = gatewayOf(bankCode);
  const open = await repo.findOpenQrs(deps.db, memberId);
  const row = open.find((r) => r.gateway === gateway && r.status === 'OPEN');
  if (row) return stateOf(deps, row);
  return paidStateOf(deps, await repo.findLatestQr(deps.db, memberId, gateway)) ?? NO_QR_STATE;
}

async function safeCreate(deps: QrDeps, row: QrDepositRow): Promise<QrCreateOutcome> {
  try {
    return await deps.qrGateway.createCharge(row.gateway as QrGatewayCode, {
      merchantRef: row.ref,
      amount: row.amount,
      expiresAt: row.expires_at,
      callbackUrl: webhookUrl(deps, row.gateway as QrGatewayCode),
    });
  } catch (error) {
    return { kind: 'unknown', reason: error instanceof Error ? error.message : 'error' };
  }
}

/**
 * POST /api/qrcode/:bankCode. Cancels the member's other open QR (one open QR per member
 * across all banks), then asks the gateway for a new one. A gateway that cannot make it
 * answers 200 `hasQrcode: false, message: 'QR_FAIL'` (the web shows a red toast).
 */
export async function createQr(
  deps: QrDeps,
  memberId: number,
  bankCode: string,
  amount: number,
  idempotencyKey: string,
): Promise<QrState> {
  const gateway = gatewayOf(bankCode);
  if (amount < qrGateways[gateway].minimumBaht * 100) throw new DepositError('QR_FAIL');

  const { row, fresh, superseded } = await withTransaction(deps.db, async (trx) => {
    const existing = await repo.findQrByKey(trx, idempotencyKey);
    if (existing) return { row: existing, fresh: false, superseded: [] };
    const member = await repo.findDepositor(trx, memberId);
    if (!member) throw new DepositError('NO_DATA');
    if (member.status !== 'active') throw new DepositError('INACTIVE_USER');
    // PromptPay is baht only.
    if (member.currency !== 'BAHT') throw new DepositError('QR_FAIL');
    await lockKey(trx, `qr:member:${memberId}`);
    const now = isoNow(deps.clock);
    const cancelled: QrDepositRow[] = [];
    for (const open of await repo.findOpenQrs(trx, memberId)) {
      const done = await repo.updateQr(
        trx,
        open.id,
        { status: 'CANCELLED', next_attempt_at: now, updated_at: now },
        repo.OPEN_QR,
      );
      if (done) cancelled.push(done);
    }
    // Player protection (decision 0139): the QR's amount counts toward the deposit limits
    // from now until it expires, is cancelled or is paid; refused during a block.
    await assertDepositFits(trx, deps.clock, memberId, amount, () =>
      repo.reservedDeposits(trx, memberId, now),
    );
    const created = await repo.insertQr(trx, {
      ref: newQrRef(),
      member_id: memberId,
      gateway,
      amount,
      currency: member.currency,
      idempotency_key: idempotencyKey,
      status: 'CREATING',
      expires_at: isoPlus(deps.clock, deps.config.deposits.qrExpirySeconds * 1000),
      next_attempt_at: isoPlus(deps.clock, inFlightMs(deps)),
      created_at: now,
      updated_at: now,
    });
    return { row: created, fresh: true, superseded: cancelled };
  });
  if (!fresh) return row.status === 'OPEN' ? stateOf(deps, row) : FAILED_QR;

  // The superseded QRs are cancelled at their gateway too (best effort: the reconciler
  // finishes what fails here, and credits one that was paid meanwhile).
  const cancels = Promise.allSettled(superseded.map((old) => cancelAtGateway(deps, old)));
  const outcome = await safeCreate(deps, row);
  await cancels;
  const now = isoNow(deps.clock);
  if (outcome.kind !== 'created') {
    await repo.updateQr(
      deps.db,
      row.id,
      {
        status: 'FAILED',
        last_error: outcome.reason.slice(0, 200),
        // A charge may exist when the outcome is unknown: the reconciler finds and cancels it.
        next_attempt_at: outcome.kind === 'unknown' ? isoPlus(deps.clock, inFlightMs(deps)) : null,
        updated_at: now,
      },
      ['CREATING'],
    );
    return FAILED_QR;
  }
  const { chargeId, payload } = outcome.charge;
  const opened = await repo.updateQr(
    deps.db,
    row.id,
    {
      status: 'OPEN',
      charge_id: chargeId,
      payload,
      next_attempt_at: isoPlus(deps.clock, pollMs(deps)),
      updated_at: now,
    },
    ['CREATING'],
  );
  if (opened) return stateOf(deps, opened);
  // Superseded (or paid) while the gateway answered: keep the charge id so it can be
  // cancelled; a paid one is credited by its webhook.
  const current = await repo.updateQr(
    deps.db,
    row.id,
    { charge_id: chargeId, payload, updated_at: now },
    ['CANCELLED', 'FAILED', 'EXPIRED'],
  );
  if (current?.charge_id) await cancelAtGateway(deps, current);
  return FAILED_QR;
}

/** DELETE /api/qrcode/:qrcodeId: the member's own QR only; a paid one cannot be cancelled. */
export async function cancelQr(deps: QrDeps, memberId: number, ref: string): Promise<void> {
  const cancelled = await withTransaction(deps.db, async (trx) => {
    const found = await repo.findQrByRef(trx, ref);
    if (!found || found.member_id !== memberId) throw new DepositError('NO_DATA');
    await lockRows(trx, 'qr_deposits', 'ref', [ref]);
    const row = (await repo.findQrByRef(trx, ref))!;
    if (row.status === 'PAID') throw new QrAlreadyPaidError();
    if (row.status !== 'OPEN' && row.status !== 'CREATING') return undefined;
    const now = isoNow(deps.clock);
    return repo.updateQr(
      trx,
      row.id,
      { status: 'CANCELLED', next_attempt_at: now, updated_at: now },
      repo.OPEN_QR,
    );
  });
  if (cancelled?.charge_id) await cancelAtGateway(deps, cancelled);
}

/**
 * Cancels a (locally cancelled or expired) QR at its gateway. Too late (already paid): the
 * payment is credited now. No answer: the reconciler tries again.
 */
async function cancelAtGateway(deps: QrDeps, row: QrDepositRow): Promise<void> {
  if (!row.charge_id) return;
  const gateway = row.gateway as QrGatewayCode;
  const outcome = await deps.qrGateway
    .cancelCharge(gateway, row.charge_id)
    .catch((error: unknown) => ({ kind: 'unknown' as const, reason: String(error) }));
  if (outcome.kind === 'cancelled' || outcome.kind === 'not_found') {
    await repo.updateQr(
      deps.db,
      row.id,
      { next_attempt_at: null, updated_at: isoNow(deps.clock) },
      [row.status],
    );
  } else if (outcome.kind === 'paid') {
    await applyStatus(deps, row, await safeStatus(deps, row));
  }
}

export type CreditResult =
  | { kind: 'credited'; row: QrDepositRow }
  | { kind: 'duplicate'; row: QrDepositRow }
  | { kind: 'unknown_ref' }
  | { kind: 'mismatch'; reason: string };

export interface QrPayment {
  gateway: QrGatewayCode;
  merchantRef: string;
  chargeId: string | null;
  txnId: string;
  /** What the gateway says was paid (satang); must equal our row's amount. */
  amount: number;
  paidAt: string;
}

/**
 * Credits a paid QR exactly once: the amount is our row's, the gateway's figure must match
 * it (a mismatch is refused, logged by the caller, and parks the row in REVIEW). A row in
 * REVIEW is never credited here, whatever arrives later (decision 0055).
 */
export async function creditQrPayment(deps: QrDeps, payment: QrPayment): Promise<CreditResult> {
  return withTransaction(deps.db, async (trx) => {
    const found = await repo.findQrByRef(trx, payment.merchantRef);
    if (!found || found.gateway !== payment.gateway) return { kind: 'unknown_ref' };
    await lockRows(trx, 'qr_deposits', 'ref', [found.ref]);
    const row = (await repo.findQrByRef(trx, found.ref))!;
    if (row.status === 'PAID') {
      return row.txn_id === payment.txnId
        ? { kind: 'duplicate', row }
        : { kind: 'mismatch', reason: `QR already paid by ${row.txn_id}, not ${payment.txnId}` };
    }
    // REVIEW is final for automation (decision 0055): once a payment did not match, no later
    // webhook or reconciler pass credits the QR; only an operator may settle it.
    if (row.status === 'REVIEW')
      return {
        kind: 'mismatch',
        reason: `QR ${row.ref} is parked for review: an operator decides`,
      };
    const now = isoNow(deps.clock);
    const review = async (reason: string): Promise<CreditResult> => {
      await repo.updateQr(trx, row.id, {
        status: 'REVIEW',
        last_error: reason.slice(0, 200),
        next_attempt_at: null,
        updated_at: now,
      });
      return { kind: 'mismatch', reason };
    };
    const other = await repo.findQrByTxn(trx, payment.gateway, payment.txnId);
    if (other) return { kind: 'mismatch', reason: `txn ${payment.txnId} paid QR ${other.ref}` };
    if (payment.amount !== row.amount)
      return review(`amount mismatch: gateway ${payment.amount}, ours ${row.amount}`);
    if (payment.chargeId && row.charge_id && payment.chargeId !== row.charge_id)
      return review(`charge mismatch: gateway ${payment.chargeId}, ours ${row.charge_id}`);

    const ledgerTxId = await creditDeposit(trx, deps, {
      event: 'qr_deposit',
      actor: `gateway:${row.gateway}`,
      memberId: row.member_id,
      currency: row.currency,
      amount: row.amount,
      reference: row.ref,
      from: row.gateway,
      idempotencyKey: `qr:${row.ref}:credit`,
      externalRef: `qr:${row.gateway}:${payment.txnId}`,
    });
    const paid = await repo.updateQr(trx, row.id, {
      status: 'PAID',
      txn_id: payment.txnId,
      paid_at: payment.paidAt || now,
      ledger_tx_id: ledgerTxId,
      charge_id: row.charge_id ?? payment.chargeId,
      next_attempt_at: null,
      updated_at: now,
    });
    return { kind: 'credited', row: paid! };
  });
}

async function safeStatus(deps: QrDeps, row: QrDepositRow): Promise<QrChargeStatus> {
  if (!row.charge_id) return { kind: 'not_found' };
  try {
    return await deps.qrGateway.chargeStatus(row.gateway as QrGatewayCode, row.charge_id);
  } catch (error) {
    return { kind: 'unknown', reason: error instanceof Error ? error.message : 'error' };
  }
}

/** Acts on what the gateway said about a row the reconcile kernel holds. */
async function applyStatus(
  deps: QrDeps,
  row: QrDepositRow,
  status: QrChargeStatus,
): Promise<Resolution> {
  switch (status.kind) {
    case 'paid': {
      const result = await creditQrPayment(deps, {
        gateway: row.gateway as QrGatewayCode,
        merchantRef: row.ref,
        chargeId: row.charge_id,
        txnId: status.txnId,
        amount: status.amount,
        paidAt: status.paidAt,
      });
      return result.kind === 'credited' || result.kind === 'duplicate'
        ? { kind: 'settled', outcome: 'credited' }
        : { kind: 'review', reason: 'payment needs review', outcome: 'review' };
    }
    case 'open': {
      if (secondsLeft(deps, row) > 0 && row.status === 'OPEN')
        return { kind: 'open', afterMs: pollMs(deps) };
      // Past our expiry (or cancelled by us) but still open at the gateway: cancel it there.
      const cancel = await deps.qrGateway
        .cancelCharge(row.gateway as QrGatewayCode, row.charge_id!)
        .catch((error: unknown) => ({ kind: 'unknown' as const, reason: String(error) }));
      if (cancel.kind === 'paid') return applyStatus(deps, row, await safeStatus(deps, row));
      if (cancel.kind === 'unknown')
        return { kind: 'retry', error: `cancel: ${cancel.reason}`, outcome: 'unknown' };
      return settleUnpaid(deps, row, 'cancelled');
    }
    case 'cancelled':
    case 'expired':
    case 'not_found':
      return settleUnpaid(deps, row, status.kind);
    case 'unknown':
      return { kind: 'retry', error: status.reason, outcome: 'unknown' };
  }
}

/** The gateway will never take this QR's payment: close the row for good. */
async function settleUnpaid(
  deps: QrDeps,
  row: QrDepositRow,
  why: 'cancelled' | 'expired' | 'not_found',
): Promise<Resolution> {
  const now = isoNow(deps.clock);
  const status =
    row.status === 'OPEN' || row.status === 'CREATING'
      ? secondsLeft(deps, row) <= 0 || why === 'expired'
        ? 'EXPIRED'
        : 'CANCELLED'
      : row.status;
  await repo.updateQr(
    deps.db,
    row.id,
    {
      status,
      next_attempt_at: null,
      updated_at: now,
      ...(why === 'not_found' ? { last_error: 'charge unknown to the gateway' } : {}),
    },
    [row.status],
  );
  return { kind: 'settled', outcome: status === 'EXPIRED' ? 'expired' : 'cancelled' };
}

/** A row whose create outcome was never learnt: replay the create to find its charge. */
async function adoptCharge(deps: QrDeps, row: QrDepositRow): Promise<QrDepositRow | Resolution> {
  const outcome = await safeCreate(deps, row);
  if (outcome.kind === 'unknown')
    return { kind: 'retry', error: `create: ${outcome.reason}`, outcome: 'unknown' };
  const now = isoNow(deps.clock);
  // CREATING rows are past their request's window: that request is gone.
  const status = row.status === 'CREATING' ? 'FAILED' : row.status;
  if (outcome.kind === 'refused') {
    await repo.updateQr(
      deps.db,
      row.id,
      { status, next_attempt_at: null, last_error: outcome.reason.slice(0, 200), updated_at: now },
      [row.status],
    );
    return { kind: 'settled', outcome: 'cancelled' };
  }
  const adopted = await repo.updateQr(
    deps.db,
    row.id,
    {
      status,
      charge_id: outcome.charge.chargeId,
      payload: outcome.charge.payload,
      updated_at: now,
    },
    [row.status],
  );
  return adopted ?? { kind: 'retry', error: 'changed while adopting its charge' };
}

/**
 * The QR reconcile flow (decision 0026, 0061) over QR rows that are due: open QRs whose
 * webhook has not come (a paid one is credited), expired ones (closed at the gateway),
 * cancelled ones not yet confirmed by the gateway, and creates whose outcome was unknown.
 * Report figures: credited, expired, cancelled, unknown, review.
 */
export function qrDepositFlow(deps: QrDeps): Flow<'qr_deposits'> {
  return {
    name: 'qr-deposits',
    table: 'qr_deposits',
    intervalMs: deps.config.deposits.reconcileIntervalMs,
    leaseMs: inFlightMs(deps),
    backoff: depositBackoff(deps),
    async resolve(taken) {
      if (taken.status === 'PAID') return { kind: 'settled' };
      if (taken.status === 'REVIEW')
        return { kind: 'review', reason: 'payment under review', outcome: 'review' };
      let row: QrDepositRow = taken;
      if (!row.charge_id) {
        const adopted = await adoptCharge(deps, row);
        if ('kind' in adopted) return adopted;
        row = adopted;
      }
      return applyStatus(deps, row, await safeStatus(deps, row));
    },
  };
}
