// Whose slip is it (issue 25 section 4, decision 0124)? A slip shows its sender's bank, a
// masked number (4 digits or so) and a name; many members' accounts can fit that. The rules
// credit a slip only when the uploader is the one member whose registered account could have
// sent it; the console lists the others to the operator who decides.
import type { Db } from '../../db/database';
import type { AccountHolder } from '../account';
import { accountHoldersLike } from '../account';
import { couldHaveSent, maskLikePattern } from './slips.rules';

export interface SlipSender {
  bankCode: string;
  accountNo: string;
  name: string;
}

/**
 * The members other than `memberId` whose registered account could have sent the slip: at
 * the sender's bank, fitting the visible digits, with a name that is not another person's
 * (decision 0124), whatever their status.
 */
export async function otherPossibleSenders(
  db: Db,
  memberId: number,
  sender: SlipSender,
): Promise<AccountHolder[]> {
  const pattern = maskLikePattern(sender.accountNo);
  if (pattern === undefined) return [];
  const holders = await accountHoldersLike(db, sender.bankCode, pattern);
  return holders.filter((holder) => holder.id !== memberId && couldHaveSent(sender, holder));
}
