// The chart of accounts (docs/decisions/0012-ledger.md). Accounts are created on first use
// from these specs; a code names exactly one account forever.
// Currencies (decision 0033): a member's accounts are in the member's currency (BAHT, or LAK
// in Lao builds). Shared accounts have one twin per currency: BAHT keeps the plain code,
// other currencies add a suffix (`world:bank:LAK`), so no transaction ever mixes currencies.
// Shared accounts are stored as shard rows (decision 0101, ledger.shards.ts): callers name the
// account here; the ledger service picks the row, and every balance read sums the rows.
import type { Currency, LedgerAccountKind } from '../../db/schema';

export type AccountKind = LedgerAccountKind;

export interface AccountSpec {
  code: string;
  kind: AccountKind;
  memberId: number | null;
  currency: Currency;
  /** House and outside-world accounts may go negative; member accounts never. */
  allowNegative: boolean;
}

export type HoldPurpose = 'game' | 'withdraw';

/** `provider:PG` for baht, `provider:PG:LAK` for kip. */
const shared = (code: string, currency: Currency) =>
  currency === 'BAHT' ? code : `${code}:${currency}`;

export const accounts = {
  /** The member's wallet: what /api/wallet shows as wallet.amount. */
  memberCash: (memberId: number, currency: Currency = 'BAHT'): AccountSpec => ({
    code: `member:${memberId}:cash`,
    kind: 'member_cash',
    memberId,
    currency,
    allowNegative: false,
  }),
  /** Money taken from the wallet and not yet settled (a provider transfer, a withdrawal). */
  memberHold: (
    memberId: number,
    purpose: HoldPurpose,
    currency: Currency = 'BAHT',
  ): AccountSpec => ({
    code: `member:${memberId}:hold:${purpose}`,
    kind: 'member_hold',
    memberId,
    currency,
    allowNegative: false,
  }),
  /** Money we have sent to a game provider, net of what came back (negative when members won). */
  provider: (providerCode: string, currency: Currency = 'BAHT'): AccountSpec => ({
    code: shared(`provider:${providerCode}`, currency),
    kind: 'provider',
    memberId: null,
    currency,
    allowNegative: true,
  }),
  /** Money that entered or left through banks, gateways and payouts. */
  worldBank: (currency: Currency = 'BAHT'): AccountSpec => ({
    code: shared('world:bank', currency),
    kind: 'world',
    memberId: null,
    currency,
    allowNegative: true,
  }),
  /** The operator's own money: adjustments, bonuses, refunds. */
  house: (purpose: 'adjustments' | 'promotions', currency: Currency = 'BAHT'): AccountSpec => ({
    code: shared(`house:${purpose}`, currency),
    kind: 'house',
    memberId: null,
    currency,
    allowNegative: true,
  }),
};
