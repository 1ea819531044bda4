// What a credited deposit earns besides the money (decision 0071): the inviter's reward
// (invite/) and the member's spin coins (spin/). Called by the deposits module's one credit
// path, in the deposit's own transaction, so a deposit and its rewards commit together.
import type { Db } from '../../db/database';
import type { Currency } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { accrueInviteReward } from './invite/invite.service';
import { awardCoins } from './spin';

export interface CreditedDeposit {
  memberId: number;
  currency: Currency;
  /** Integer minor units. */
  amount: number;
  /** The deposit's statement reference. */
  reference: string;
}

export async function onDepositCredited(
  trx: Db,
  clock: Clock,
  deposit: CreditedDeposit,
): Promise<void> {
  // Each reward adds one line here.
  await accrueInviteReward(trx, clock, deposit);
  await awardCoins(trx, clock, deposit);
}
