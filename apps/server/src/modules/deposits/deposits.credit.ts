// The one way an outside payment reaches a member's wallet (QR, gift link, bank slip): the
// ledger posting from the outside world's bank account and the deposit's statement row, in
// the caller's transaction.
import { WALLET } from '@wallet/contract';
import type { Db } from '../../db/database';
import type { Currency } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { accounts, post } from '../ledger';
import { lockWallet, onDepositCredited, ownMoneyMoved } from '../promotions';
import { recordStatement } from '../statement';

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
export async function creditDeposit(trx: Db, clock: Clock, credit: DepositCredit): Promise<number> {
  // Own money comes in (decision 0112): the wallet lock before the posting.
  await lockWallet(trx, credit.memberId);
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
  await ownMoneyMoved(trx, clock, credit.memberId, credit.amount);
  await recordStatement(trx, clock, {
    memberId: credit.memberId,
    reference: credit.reference,
    type: 'deposit',
    status: 'SUCCESS',
    from: credit.from,
    to: WALLET,
    amount: credit.amount,
  });
  await onDepositCredited(trx, clock, {
    memberId: credit.memberId,
    currency: credit.currency,
    amount: credit.amount,
    reference: credit.reference,
  });
  return posted.transactionId;
}
