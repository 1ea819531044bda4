// A deposit's excess going back to the member's bank (issue 28, decision 0140): when money
// arrives from outside beyond a deposit limit, or during a time-out or self-exclusion, the
// deposits module credits it and then, in the same transaction, holds the excess for a payout
// to the registered account, exactly like a member's withdrawal (hold, row, statement row);
// the payout flow pays it on its next pass. An operator decides first where a withdrawal of
// the same size would wait (over the automatic limit, a payout account changed lately).
import { WALLET } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/database';
import type { Currency } from '../../db/schema';
import { isoNow } from '../../lib/clock';
import { findMemberForMoney, payoutAccountChangedWithin } from '../account';
import { accounts, post } from '../ledger';
import { recordStatement } from '../statement';
import * as repo from './withdrawals.repository';
import { newWithdrawalRef } from './withdrawals.service';

export interface DepositReturn {
  memberId: number;
  currency: Currency;
  /** Minor units, > 0: what goes back. */
  amount: number;
  /** The deposit's own reference: one return per deposit. */
  depositRef: string;
}

/** Holds `amount` of the member's wallet for a payout back to the bank; answers its ref. */
export async function returnDepositExcess(
  trx: Db,
  deps: Pick<AppDeps, 'clock' | 'config'>,
  input: DepositReturn,
): Promise<string> {
  const member = await findMemberForMoney(trx, { id: input.memberId });
  if (!member) throw new Error(`member ${input.memberId} vanished`);
  const review =
    input.amount > deps.config.withdraw.autoLimitSatang
      ? 'over_limit'
      : (await payoutAccountChangedWithin(
            trx,
            deps.clock,
            member.id,
            deps.config.withdraw.bankChangeReviewHours,
          ))
        ? 'bank_changed'
        : null;
  const key = `protection-return:${input.depositRef}`;
  const hold = await post(trx, deps.clock, {
    event: 'protection_return_hold',
    actor: 'system:protection',
    entries: [
      {
        debit: accounts.memberCash(member.id, input.currency),
        credit: accounts.memberHold(member.id, 'withdraw', input.currency),
        amount: input.amount,
      },
    ],
    idempotencyKey: `${key}:hold`,
    memo: `deposit ${input.depositRef} beyond a protection limit`,
  });
  const now = isoNow(deps.clock);
  const row = await repo.insertWithdrawal(trx, {
    ref: newWithdrawalRef(),
    member_id: member.id,
    idempotency_key: key,
    amount: input.amount,
    currency: input.currency,
    bank_code: member.bankCode,
    bank_account_no: member.bankAccountNo,
    bank_account_name: member.bankAccountName,
    status: review ? 'WAITING' : 'PROCESSING',
    review_reason: review,
    hold_tx_id: hold.transactionId,
    // The payout flow takes it on its next pass (no outside call inside this transaction).
    next_attempt_at: review ? null : now,
    created_at: now,
    updated_at: now,
  });
  await recordStatement(trx, deps.clock, {
    memberId: member.id,
    reference: row.ref,
    type: 'withdraw',
    status: review ? 'WAITING' : 'PENDING',
    from: WALLET,
    to: member.bankCode,
    amount: input.amount,
  });
  return row.ref;
}
