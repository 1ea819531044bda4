// Withdrawals (docs/decisions/0017-withdrawals.md, 0018 for the operator side). Invariant 6
// of architecture.md, with the payout rail as the outside party:
// 1. one transaction: hold (member cash -> member hold:withdraw), the withdrawals row and
//    the statement row (PENDING, or WAITING when an operator must decide);
// 2. outside any transaction: pay through the PayoutRail with our own reference;
// 3. one transaction settles it exactly once: PAID posts hold -> world:bank, a definite
//    refusal voids hold -> cash; both carry the same ledger key `withdrawal:{ref}:resolve`,
//    so post and void exclude each other in the database too;
// 4. an unknown outcome leaves the row PROCESSING; the reconcile flow (payoutFlow) asks
//    the rail for the reference's status and re-sends with the same reference when the rail
//    never saw it. Never a refund on an unknown outcome.
import { randomBytes } from 'node:crypto';
import { satangToBaht, WALLET } from '@wallet/contract';
import type { AppDeps, OperatorAuth } from '../../deps';
import type { Db } from '../../db/database';
import type { Currency, WithdrawalRow } from '../../db/schema';
import { lockRows, withTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { HOUR_MS, isoNow, isoPlus, MINUTE_MS } from '../../lib/clock';
import type { PayoutOutcome, PayoutRequest } from '../../ports/payout-rail';
import type { BackoffPolicy, Flow } from '../../reconcile';
import { backoffMs } from '../../reconcile';
import {
  findMemberForMoney,
  memberNumbers,
  payoutAccountChangedWithin,
  payoutAccountRequestedBy,
  recordAccountTrust,
} from '../account';
import { adjustersSince, soloCreditsSince } from '../adjustments';
import { accounts, balanceOf, DuplicatePostingError, post } from '../ledger';
import type { Holdings } from '../promotions';
import {
  forfeitForWithdrawal,
  hasOpenGrant,
  lockWallet,
  ownMoneyMoved,
  refreshTurnover,
  withHoldings,
} from '../promotions';
import { getSetting } from '../settings';
import { queuePush } from '../push';
import { recordStatement, setStatementStatus } from '../statement';
import { AlreadyDecidedError, WithdrawalError } from './withdrawals.errors';
import * as repo from './withdrawals.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'payoutRail'>;

export type { WithdrawalStatus } from '../../db/schema';

/** What the member's withdraw call answers (contract `moneyAnswer`). */
export interface MemberAnswer {
  message: 'SUCCESS';
  status: string;
  reference: string;
}

/** The statement's label for the wallet side. */
const MAX_BACKOFF_MS = 15 * MINUTE_MS;

const resolveKey = (ref: string) => `withdrawal:${ref}:resolve`;

/** Our payout reference: 'WD' + 20 hex digits (fits every rail's reference rules). */
export function newWithdrawalRef(): string {
  return `WD${randomBytes(10).toString('hex').toUpperCase()}`;
}

function payoutRequest(row: WithdrawalRow): PayoutRequest {
  return {
    ref: row.ref,
    bankCode: row.bank_code,
    accountNo: row.bank_account_no,
    accountName: row.bank_account_name,
    amount: row.amount,
  };
}

/** How long the first caller may still be waiting for the rail before the job steps in. */
const inFlightMs = (deps: Deps) => deps.config.withdraw.payoutTimeoutMs * 2;

const payoutBackoff = (deps: Deps): BackoffPolicy => ({
  baseMs: deps.config.withdraw.reconcileIntervalMs,
  maxMs: MAX_BACKOFF_MS,
  jitter: 0.2,
});

export function memberAnswer(row: WithdrawalRow): MemberAnswer {
  // A definite refusal by the rail: the money is back in the wallet; the member is told.
  if (row.status === 'FAILED') throw new WithdrawalError('TRANSFER_FAIL');
  return { message: 'SUCCESS', status: row.status, reference: row.ref };
}

/** What a withdrawal request may add (decision 0112). */
export interface WithdrawalOptions {
  /** The member's currency when the caller knows it (the route does); else it is looked up. */
  currency?: Currency;
  /** Satang of own money the member confirms a withdrawal forfeits while a bonus is open. */
  confirmForfeit?: number;
}

/**
 * A member asks to withdraw `amount` satang to their registered bank account. Holds the
 * money, then pays at once (at or below the auto-payout limit) or leaves it WAITING for
 * an operator. `idempotencyKey` is the caller-scoped key of the request. While a promotion
 * grant is open the promotions module's rules apply (decision 0112): what it holds is read
 * exactly (withHoldings) and only the member's own money can leave.
 */
export async function requestWithdrawal(
  deps: Deps & Pick<AppDeps, 'gameProvider'>,
  memberId: number,
  amount: number,
  idempotencyKey: string,
  options: WithdrawalOptions = {},
): Promise<MemberAnswer> {
  const bounds = await getSetting(deps.db, 'withdraw');
  if (amount < bounds.withdrawMinSatang || amount > bounds.withdrawMaxSatang)
    throw new WithdrawalError('KEY_INVALID');
  // Open grants (decision 0071): a grant whose turnover is met ends first and forfeits nothing.
  await refreshTurnover(deps, memberId);
  const currency =
    options.currency ?? (await findMemberForMoney(deps.db, { id: memberId }))?.currency;
  if (!currency) throw new WithdrawalError('NO_USER');

  const run = async (trx: Db, holdings: Holdings | null) => {
    // A re-run of a request whose answer was lost finds its first withdrawal (before the
    // balance check, which the first run may have used up).
    const existing = await repo.findByIdempotencyKey(trx, idempotencyKey);
    if (existing) return { row: existing, fresh: false };

    const member = await findMemberForMoney(trx, { id: memberId });
    if (!member) throw new WithdrawalError('NO_USER');
    if (member.status !== 'active') throw new WithdrawalError('INACTIVE_USER');
    const review =
      amount > deps.config.withdraw.autoLimitSatang
        ? 'over_limit'
        : (await payoutAccountChangedWithin(
              trx,
              deps.clock,
              member.id,
              deps.config.withdraw.bankChangeReviewHours,
            ))
          ? 'bank_changed'
          : (await needsSoloCredits(trx, deps, member, amount))
            ? 'adjustments'
            : null;
    // Own money leaves (decision 0112): the wallet lock before any posting.
    await lockWallet(trx, member.id);
    // Open grants: the member's own money only; a bonus ends and its promotion money goes
    // back before the hold, and the confirmed rest after it.
    const afterHold = await forfeitForWithdrawal(trx, deps.clock, {
      memberId: member.id,
      currency: member.currency,
      amount,
      confirmForfeit: options.confirmForfeit ?? null,
      holdings,
    });
    // InsufficientFundsError (MONEY_NOT_ENOUGH) leaves nothing written.
    let hold;
    try {
      hold = await post(trx, deps.clock, {
        event: 'withdrawal_hold',
        actor: `member:${member.id}`,
        entries: [
          {
            debit: accounts.memberCash(member.id, member.currency),
            credit: accounts.memberHold(member.id, 'withdraw', member.currency),
            amount,
          },
        ],
        idempotencyKey: `${idempotencyKey}:hold`,
      });
    } catch (error) {
      // Another run of the same request committed first (PostgreSQL, a taken-over claim).
      const first =
        error instanceof DuplicatePostingError
          ? await repo.findByIdempotencyKey(trx, idempotencyKey)
          : undefined;
      if (first) return { row: first, fresh: false };
      throw error;
    }
    await afterHold?.();
    await ownMoneyMoved(trx, deps.clock, member.id, -amount);
    const now = isoNow(deps.clock);
    const created = await repo.insertWithdrawal(trx, {
      ref: newWithdrawalRef(),
      member_id: member.id,
      idempotency_key: idempotencyKey,
      amount,
      currency: member.currency,
      bank_code: member.bankCode,
      bank_account_no: member.bankAccountNo,
      bank_account_name: member.bankAccountName,
      status: review ? 'WAITING' : 'PROCESSING',
      review_reason: review,
      hold_tx_id: hold.transactionId,
      next_attempt_at: review ? null : isoPlus(deps.clock, inFlightMs(deps)),
      created_at: now,
      updated_at: now,
    });
    await recordStatement(trx, deps.clock, {
      memberId: member.id,
      reference: created.ref,
      type: 'withdraw',
      status: review ? 'WAITING' : 'PENDING',
      from: WALLET,
      to: member.bankCode,
      amount,
    });
    return { row: created, fresh: true };
  };
  const { row, fresh } = (await hasOpenGrant(deps.db, memberId))
    ? await withHoldings(deps, { memberId, currency }, run)
    : await withTransaction(deps.db, (trx) => run(trx, null));

  const current = fresh && row.status === 'PROCESSING' ? await payNow(deps, row) : row;
  return memberAnswer(current);
}

/** Since when recent adjustments count (ADJUSTMENT_REVIEW_HOURS); null when off. */
function adjustmentWindowStart(deps: { config: Deps['config']; clock: Clock }): string | null {
  const hours = deps.config.withdraw.adjustmentReviewHours;
  return hours > 0 ? new Date(deps.clock.now().getTime() - hours * HOUR_MS).toISOString() : null;
}

/**
 * Whether this withdrawal needs money that one operator credited alone lately (decision
 * 0116): the wallet without those credits cannot cover it. Then an operator reviews it, and
 * it is never that operator: no money leaves the house on one operator's say.
 */
async function needsSoloCredits(
  trx: Db,
  deps: Pick<Deps, 'config' | 'clock'>,
  member: { id: number; currency: 'BAHT' | 'LAK' },
  amount: number,
): Promise<boolean> {
  const since = adjustmentWindowStart(deps);
  if (since === null) return false;
  const credited = await soloCreditsSince(trx, { memberId: member.id }, since);
  if (credited === 0) return false;
  const cash = await balanceOf(trx, accounts.memberCash(member.id, member.currency).code);
  return amount > cash - credited;
}

/**
 * Who may not approve this member's withdrawal (decision 0116): whoever asked for the
 * member's current payout account, and whoever adjusted the member's wallet within
 * ADJUSTMENT_REVIEW_HOURS. Refused as 403 UNAUTHORIZED (like deciding your own adjustment
 * request, decision 0089); another operator approves.
 */
async function assertMayApprove(
  trx: Db,
  deps: Pick<Deps, 'config' | 'clock'>,
  operator: OperatorAuth,
  memberId: number,
): Promise<void> {
  if ((await payoutAccountRequestedBy(trx, memberId)) === operator.operatorId)
    throw new WithdrawalError('UNAUTHORIZED');
  const since = adjustmentWindowStart(deps);
  if (since !== null && (await adjustersSince(trx, memberId, since)).has(operator.operatorId))
    throw new WithdrawalError('UNAUTHORIZED');
}

async function safePay(deps: Deps, request: PayoutRequest): Promise<PayoutOutcome> {
  try {
    return await deps.payoutRail.pay(request);
  } catch (error) {
    // The port promises not to throw; if an adapter does, the outcome is still unknown.
    return { kind: 'unknown', reason: error instanceof Error ? error.message : 'error' };
  }
}

/** Sends the payout of a PROCESSING withdrawal and records what came back. */
export async function payNow(deps: Deps, row: WithdrawalRow): Promise<WithdrawalRow> {
  const outcome = await safePay(deps, payoutRequest(row));
  return applyOutcome(deps, row.ref, outcome);
}

/** Settles on a definite outcome; on an unknown one schedules the reconciler. */
export async function applyOutcome(
  deps: Deps,
  ref: string,
  outcome: PayoutOutcome,
): Promise<WithdrawalRow> {
  if (outcome.kind === 'paid') return settle(deps, ref, { kind: 'paid' });
  if (outcome.kind === 'rejected')
    return settle(deps, ref, { kind: 'failed', reason: outcome.reason });
  const current = await repo.findByRef(deps.db, ref);
  if (!current) throw new Error(`withdrawal ${ref} vanished`);
  const noted = await repo.noteUnknown(deps.db, ref, {
    lastError: outcome.reason,
    nextAttemptAt: isoPlus(deps.clock, backoffMs(payoutBackoff(deps), current.attempts + 1)),
    updatedAt: isoNow(deps.clock),
  });
  // Settled meanwhile by another caller: answer what it is now.
  return noted ?? (await repo.findByRef(deps.db, ref)) ?? current;
}

/**
 * Settles a PROCESSING withdrawal exactly once: paid (hold -> world:bank) or failed
 * (hold -> cash). A row settled meanwhile by someone else is returned as it is.
 */
async function settle(
  deps: Deps,
  ref: string,
  result: { kind: 'paid' } | { kind: 'failed'; reason: string },
): Promise<WithdrawalRow> {
  return withTransaction(deps.db, async (trx) => {
    await lockRows(trx, 'withdrawals', 'ref', [ref]);
    const row = await repo.findByRef(trx, ref);
    if (!row) throw new Error(`withdrawal ${ref} vanished`);
    if (row.status !== 'PROCESSING') return row;
    const paid = result.kind === 'paid';
    // A refused payout returns the member's own money to the wallet (decision 0112).
    if (!paid) await lockWallet(trx, row.member_id);
    const hold = accounts.memberHold(row.member_id, 'withdraw', row.currency);
    const posted = await post(trx, deps.clock, {
      event: paid ? 'withdrawal_paid' : 'withdrawal_failed',
      actor: 'system:payouts',
      entries: [
        paid
          ? { debit: hold, credit: accounts.worldBank(row.currency), amount: row.amount }
          : {
              debit: hold,
              credit: accounts.memberCash(row.member_id, row.currency),
              amount: row.amount,
            },
      ],
      idempotencyKey: resolveKey(ref),
      ...(paid ? { externalRef: `payout:${ref}` } : { memo: result.reason.slice(0, 200) }),
    });
    if (!paid) await ownMoneyMoved(trx, deps.clock, row.member_id, row.amount);
    const now = isoNow(deps.clock);
    const settled = await repo.updateWithdrawal(trx, row.id, {
      status: paid ? 'PAID' : 'FAILED',
      settle_tx_id: posted.transactionId,
      settled_at: now,
      updated_at: now,
      next_attempt_at: null,
      ...(paid ? {} : { last_error: result.reason.slice(0, 200) }),
    });
    await setStatementStatus(trx, deps.clock, ref, paid ? 'SUCCESS' : 'FAILED');
    // The rail's reason is technical: the member is told the money is back (decision 0152).
    await queuePush(trx, deps.clock, {
      memberId: row.member_id,
      kind: paid ? 'withdrawal_paid' : 'withdrawal_rejected',
      tag: `withdrawal:${ref}`,
      params: { amount: row.amount, currency: row.currency, reason: null },
    });
    // The bank paid the account the withdrawal was asked to: the first such payout makes it
    // a trusted account (decision 0124), while it is still the member's registered one.
    if (paid)
      await recordAccountTrust(trx, deps.clock, {
        memberId: row.member_id,
        cause: 'payout',
        reference: ref,
        account: {
          bankCode: row.bank_code,
          bankAccountNo: row.bank_account_no,
          bankAccountName: row.bank_account_name,
        },
      });
    return settled;
  });
}

/** The operator's list: withdrawals waiting for a decision, oldest first. */
export async function listWaiting(db: Db, limit = 500) {
  const rows = await repo.listByStatus(db, 'WAITING', limit);
  const numbers = await memberNumbers(
    db,
    rows.map((r) => r.member_id),
  );
  return rows.map((r) => ({
    _id: r.ref,
    memberId: numbers.get(r.member_id) ?? '',
    amount: satangToBaht(r.amount),
    status: r.status,
    createdAt: r.created_at,
  }));
}

/**
 * An operator approves (pay as usual) or rejects (money back to the wallet) a WAITING
 * withdrawal. Deciding one that is not waiting any more: 409 NO_DATA; unknown: 404 NO_DATA.
 */
export async function decide(
  deps: Deps,
  operator: OperatorAuth,
  ref: string,
  decision: 'approve' | 'reject',
  reason?: string,
): Promise<WithdrawalRow> {
  // The contract requires a rejection's reason; a caller in code is held to it too (0090).
  if (decision === 'reject' && !reason) throw new WithdrawalError('KEY_MISSING');
  const decided = await withTransaction(deps.db, async (trx) => {
    await lockRows(trx, 'withdrawals', 'ref', [ref]);
    const row = await repo.findByRef(trx, ref);
    if (!row) throw new WithdrawalError('NO_DATA');
    if (row.status !== 'WAITING') throw new AlreadyDecidedError();
    if (decision === 'approve') await assertMayApprove(trx, deps, operator, row.member_id);
    const now = isoNow(deps.clock);
    const decidedBy = {
      decided_by: operator.operatorId,
      decided_at: now,
      updated_at: now,
      decision_reason: reason ?? null,
    };
    if (decision === 'approve') {
      await setStatementStatus(trx, deps.clock, ref, 'PENDING');
      return repo.updateWithdrawal(trx, row.id, {
        ...decidedBy,
        status: 'PROCESSING',
        next_attempt_at: isoPlus(deps.clock, inFlightMs(deps)),
      });
    }
    await lockWallet(trx, row.member_id);
    const voided = await post(trx, deps.clock, {
      event: 'withdrawal_rejected',
      actor: `operator:${operator.operatorId}`,
      entries: [
        {
          debit: accounts.memberHold(row.member_id, 'withdraw', row.currency),
          credit: accounts.memberCash(row.member_id, row.currency),
          amount: row.amount,
        },
      ],
      idempotencyKey: resolveKey(ref),
    });
    await ownMoneyMoved(trx, deps.clock, row.member_id, row.amount);
    await setStatementStatus(trx, deps.clock, ref, 'FAILED', reason);
    await queuePush(trx, deps.clock, {
      memberId: row.member_id,
      kind: 'withdrawal_rejected',
      tag: `withdrawal:${ref}`,
      params: { amount: row.amount, currency: row.currency, reason: reason ?? null },
    });
    return repo.updateWithdrawal(trx, row.id, {
      ...decidedBy,
      status: 'REJECTED',
      settle_tx_id: voided.transactionId,
      settled_at: now,
    });
  });
  return decided.status === 'PROCESSING' ? payNow(deps, decided) : decided;
}

/**
 * The payout reconcile flow (decision 0061): for each PROCESSING withdrawal whose in-flight
 * window has passed, the rail's status of our reference decides; a reference the rail never
 * saw is re-sent with the same reference (the rail pays a reference at most once).
 * Report figures: paid, failed, resent.
 */
export function payoutFlow(deps: Deps): Flow<'withdrawals'> {
  return {
    name: 'payouts',
    table: 'withdrawals',
    intervalMs: deps.config.withdraw.reconcileIntervalMs,
    leaseMs: inFlightMs(deps),
    backoff: payoutBackoff(deps),
    async resolve(row, count) {
      if (row.status !== 'PROCESSING') return { kind: 'settled' };
      const status = await deps.payoutRail.status(row.ref).catch(
        (error: unknown) =>
          ({
            kind: 'unknown',
            reason: error instanceof Error ? error.message : 'error',
          }) as const,
      );
      let outcome: PayoutOutcome;
      if (status.kind === 'paid') outcome = { kind: 'paid', paidAt: status.paidAt };
      else if (status.kind === 'not_found') {
        count('resent');
        outcome = await safePay(deps, payoutRequest(row));
      } else outcome = { kind: 'unknown', reason: `status: ${status.reason}` };
      if (outcome.kind === 'unknown')
        return { kind: 'retry', error: outcome.reason, outcome: 'unknown' };
      const after =
        outcome.kind === 'paid'
          ? await settle(deps, row.ref, { kind: 'paid' })
          : await settle(deps, row.ref, { kind: 'failed', reason: outcome.reason });
      return { kind: 'settled', outcome: after.status === 'PAID' ? 'paid' : 'failed' };
    },
  };
}
