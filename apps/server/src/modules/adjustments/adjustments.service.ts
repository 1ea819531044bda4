// Operator adjustments (docs/decisions/0018-operator-withdrawal-api-and-adjustments.md): the
// operator credits or debits a member's wallet from the house's own account. A proper
// ledger transaction (until deposits exist, this is how wallets are funded), keyed by the
// operator's Idempotency-Key, with a statement row in the same transaction.
import { WALLET } from '@wallet/contract';
import type { AppDeps, OperatorAuth } from '../../deps';
import { withTransaction } from '../../db/transaction';
import { findMemberForMoney } from '../account';
import { accounts, balanceOf, DuplicatePostingError, post } from '../ledger';
import { recordStatement } from '../statement';
import { AdjustmentError } from './adjustments.errors';

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

/** Returns the member's wallet balance after the adjustment (satang). */
export async function adjust(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  input: AdjustmentInput,
  idempotencyKey: string,
): Promise<number> {
  return withTransaction(deps.db, async (trx) => {
    const member = await findMemberForMoney(trx, { memberNo: input.memberNo });
    if (!member) throw new AdjustmentError('NO_USER');
    const cash = accounts.memberCash(member.id, member.currency);
    const house = accounts.house('adjustments', member.currency);
    const credit = input.direction === 'credit';
    let posted;
    try {
      posted = await post(trx, deps.clock, {
        event: credit ? 'adjustment_credit' : 'adjustment_debit',
        actor: `operator:${operator.operatorId}`,
        entries: [
          credit
            ? { debit: house, credit: cash, amount: input.amount }
            : { debit: cash, credit: house, amount: input.amount },
        ],
        idempotencyKey,
        memo: input.reason,
      });
    } catch (error) {
      // A re-run of a request whose answer was lost: it posted once; answer the balance now.
      if (error instanceof DuplicatePostingError) return balanceOf(trx, cash.code);
      throw error;
    }
    await recordStatement(trx, deps.clock, {
      memberId: member.id,
      reference: `ADJ${posted.transactionId}`,
      type: credit ? 'deposit' : 'withdraw',
      status: 'SUCCESS',
      from: credit ? OPERATOR_LABEL : WALLET,
      to: credit ? WALLET : OPERATOR_LABEL,
      amount: input.amount,
    });
    return posted.balances.get(cash.code) ?? 0;
  });
}
