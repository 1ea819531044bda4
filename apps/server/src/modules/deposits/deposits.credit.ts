// The one way an outside payment reaches a member's wallet (QR, gift link, bank slip): the
// ledger posting from the outside world's bank account and the deposit's statement row, in
// the caller's transaction. Player protection (issue 28, decision 0140): money that arrives
// beyond a deposit limit, or during a time-out or self-exclusion, is never lost nor kept: it
// is credited, and the part that does not fit goes back to the registered bank account by a
// payout in the same transaction (withdrawals module), recorded for the member to see.
import { WALLET } from '@wallet/contract';
import type { Db } from '../../db/database';
import type { Currency } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { accounts, post } from '../ledger';
import { lockWallet, onDepositCredited, ownMoneyMoved } from '../promotions';
import { depositRoom, recordReturn } from '../protection';
import { queuePush } from '../push';
import { recordStatement } from '../statement';
import { returnDepositExcess } from '../withdrawals';

export interface DepositCredit {
  event: string;
  actor: string;
  memberId: number;
  currency: Currency;
  /** Integer minor units. */
  amount: number;
  /** The deposit's own reference: the statement row's. */
  reference: string;
  /** Where the money came from, as the statement shows it (gateway, bank, GIFT_LINK). */
  from: string;
  idempotencyKey: string;
  externalRef: string;
}

/**
 * Posts the credit and records the statement row; returns the ledger transaction's id.
 * Throws the ledger's DuplicatePostingError when either key was posted before.
 */
export async function creditDeposit(
  trx: Db,
  deps: Pick<AppDeps, 'clock' | 'config'>,
  credit: DepositCredit,
): Promise<number> {
  const { clock } = deps;
  // Own money comes in (decision 0112): the wallet lock before the posting.
  await lockWallet(trx, credit.memberId);
  // What of it fits the member's deposit limits now (nothing during a block): decision 0140.
  const room = await depositRoom(trx, clock, credit.memberId, credit.amount);
  const posted = await post(trx, clock, {
    event: credit.event,
    actor: credit.actor,
    entries: [
      {
        debit: accounts.worldBank(credit.currency),
        credit: accounts.memberCash(credit.memberId, credit.currency),
        amount: credit.amount,
      },
    ],
    idempotencyKey: credit.idempotencyKey,
    externalRef: credit.externalRef,
  });
  await ownMoneyMoved(trx, clock, credit.memberId, room.fits);
  await recordStatement(trx, clock, {
    memberId: credit.memberId,
    reference: credit.reference,
    type: 'deposit',
    status: 'SUCCESS',
    from: credit.from,
    to: WALLET,
    amount: credit.amount,
  });
  // The member's devices hear of it once this transaction commits (decision 0152).
  await queuePush(trx, clock, {
    memberId: credit.memberId,
    kind: 'deposit_credited',
    tag: `deposit:${credit.reference}`,
    params: { amount: credit.amount, currency: credit.currency },
  });
  if (room.excess > 0 && room.cause) {
    const withdrawalRef = await returnDepositExcess(trx, deps, {
      memberId: credit.memberId,
      currency: credit.currency,
      amount: room.excess,
      depositRef: credit.reference,
    });
    await recordReturn(trx, clock, {
      memberId: credit.memberId,
      depositRef: credit.reference,
      depositAmount: credit.amount,
      returnedAmount: room.excess,
      cause: room.cause,
      withdrawalRef,
    });
  }
  // Rewards count only what stays (a returned deposit earns no invite reward or coins).
  if (room.fits > 0)
    await onDepositCredited(trx, clock, {
      memberId: credit.memberId,
      currency: credit.currency,
      amount: room.fits,
      reference: credit.reference,
    });
  return posted.transactionId;
}
