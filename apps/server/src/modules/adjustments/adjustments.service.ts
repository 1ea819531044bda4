// Operator adjustments (docs/decisions/0018-operator-withdrawal-api-and-adjustments.md): the
// operator credits or debits a member's wallet from the house's own account. A proper
// ledger transaction (until deposits exist, this is how wallets are funded), keyed by the
// operator's Idempotency-Key, with a statement row in the same transaction. Above the
// approval threshold (decision 0089) the adjustment waits for a second operator instead
// (adjustments.requests.ts). The threshold bounds what one operator credits alone over a
// rolling 24 hours, per operator and per member (decision 0116): splitting a sum into small
// credits does not get past it.
import { WALLET } from '@wallet/contract';
import type { AppDeps, OperatorAuth } from '../../deps';
import type { Db } from '../../db/database';
import { isUniqueViolation, lockKey, withTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { HOUR_MS, isoNow } from '../../lib/clock';
import type { MemberForMoney } from '../account';
import { findMemberForMoney } from '../account';
import { accounts, balanceOf, DuplicatePostingError, post } from '../ledger';
import { getSetting } from '../settings';
import { lockWallet, ownMoneyMoved } from '../promotions';
import { recordStatement } from '../statement';
import { AdjustmentError } from './adjustments.errors';
import * as repo from './adjustments.repository';

export interface AdjustmentInput {
  /** The member number (`_id`), e.g. "10001". */
  memberNo: string;
  /** Integer satang, > 0. */
  amount: number;
  direction: 'credit' | 'debit';
  reason: string;
}

/** The statement label of the operator side of an adjustment. */
export const OPERATOR_LABEL = 'OPERATOR';

export type AdjustmentOutcome =
  { status: 'posted'; balance: number } | { status: 'pending'; balance: number; requestId: number };

/** The rolling window over which one operator's credits count against the threshold (0116). */
export const SOLO_CREDIT_WINDOW_MS = 24 * HOUR_MS;

/**
 * Posts an adjustment's ledger transaction and its statement row inside `trx`. Answers the
 * member's wallet balance after it (satang); a key posted before answers the balance now.
 */
export async function postAdjustment(
  trx: Db,
  clock: Clock,
  member: Pick<MemberForMoney, 'id' | 'currency'>,
  input: Pick<AdjustmentInput, 'amount' | 'direction' | 'reason'> & {
    actor: string;
    idempotencyKey: string;
  },
): Promise<{ balance: number; transactionId: number | null }> {
  const cash = accounts.memberCash(member.id, member.currency);
  const house = accounts.house('adjustments', member.currency);
  const credit = input.direction === 'credit';
  // Own money moves (decision 0112): the wallet lock before the posting.
  await lockWallet(trx, member.id);
  let posted;
  try {
    posted = await post(trx, clock, {
      event: credit ? 'adjustment_credit' : 'adjustment_debit',
      actor: input.actor,
      entries: [
        credit
          ? { debit: house, credit: cash, amount: input.amount }
          : { debit: cash, credit: house, amount: input.amount },
      ],
      idempotencyKey: input.idempotencyKey,
      memo: input.reason,
    });
  } catch (error) {
    // A re-run of a request whose answer was lost: it posted once; answer the balance now.
    if (error instanceof DuplicatePostingError)
      return { balance: await balanceOf(trx, cash.code), transactionId: null };
    throw error;
  }
  await ownMoneyMoved(trx, clock, member.id, credit ? input.amount : -input.amount);
  await recordStatement(trx, clock, {
    memberId: member.id,
    reference: `ADJ${posted.transactionId}`,
    type: credit ? 'deposit' : 'withdraw',
    status: 'SUCCESS',
    from: credit ? OPERATOR_LABEL : WALLET,
    to: credit ? WALLET : OPERATOR_LABEL,
    amount: input.amount,
  });
  return { balance: posted.balances.get(cash.code) ?? 0, transactionId: posted.transactionId };
}

/**
 * Posts at once when one operator may credit it alone: a debit at or below the approval
 * threshold, or a credit that keeps both this operator's and this member's credits made
 * alone over the last 24 hours at or below it (decision 0116). Otherwise records a pending
 * request for a second operator (decision 0089); a debit the wallet cannot cover now is
 * refused at once (MONEY_NOT_ENOUGH), and checked again at approval.
 */
export async function adjust(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  input: AdjustmentInput,
  idempotencyKey: string,
): Promise<AdjustmentOutcome> {
  return withTransaction(deps.db, async (trx) => {
    const member = await findMemberForMoney(trx, { memberNo: input.memberNo });
    if (!member) throw new AdjustmentError('NO_USER');
    const threshold = await getSetting(trx, 'adjustmentApprovalThreshold');
    if (await mayPostAlone(trx, deps.clock, operator, member.id, input, threshold)) {
      const { balance, transactionId } = await postAdjustment(trx, deps.clock, member, {
        ...input,
        actor: `operator:${operator.operatorId}`,
        idempotencyKey,
      });
      if (transactionId !== null)
        await repo.insertPosting(trx, {
          member_id: member.id,
          operator_id: operator.operatorId,
          amount: input.amount,
          direction: input.direction,
          request_id: null,
          transaction_id: transactionId,
          created_at: isoNow(deps.clock),
        });
      return { status: 'posted', balance };
    }
    const balance = await balanceOf(trx, accounts.memberCash(member.id, member.currency).code);
    if (input.direction === 'debit' && input.amount > balance)
      throw new AdjustmentError('MONEY_NOT_ENOUGH');
    const existing = await repo.findRequestIdByKey(trx, idempotencyKey);
    if (existing) return { status: 'pending', balance, requestId: existing.id };
    let requestId: number;
    try {
      requestId = await repo.insertRequest(trx, {
        request_key: idempotencyKey,
        member_id: member.id,
        amount: input.amount,
        direction: input.direction,
        reason: input.reason,
        requested_by: operator.operatorId,
        requested_at: isoNow(deps.clock),
      });
    } catch (error) {
      if (isUniqueViolation(error, 'adjustment_requests', 'request_key'))
        throw new AdjustmentError('NO_DATA', 409);
      throw error;
    }
    return { status: 'pending', balance, requestId };
  });
}

/**
 * Whether one operator may post this alone. A credit's sums are read under locks on the
 * operator and the member (in that order, so two transactions never wait on each other in a
 * circle): two credits racing are counted one after the other (SQLite is serialised anyway).
 */
async function mayPostAlone(
  trx: Db,
  clock: Clock,
  operator: OperatorAuth,
  memberId: number,
  input: Pick<AdjustmentInput, 'amount' | 'direction'>,
  threshold: number,
): Promise<boolean> {
  if (input.amount > threshold) return false;
  if (input.direction === 'debit') return true;
  await lockKey(trx, `adjustments:operator:${operator.operatorId}`);
  await lockKey(trx, `adjustments:member:${memberId}`);
  const since = new Date(clock.now().getTime() - SOLO_CREDIT_WINDOW_MS).toISOString();
  const byOperator = await repo.soloCreditsSince(trx, { operatorId: operator.operatorId }, since);
  if (byOperator + input.amount > threshold) return false;
  const toMember = await repo.soloCreditsSince(trx, { memberId }, since);
  return toMember + input.amount <= threshold;
}
