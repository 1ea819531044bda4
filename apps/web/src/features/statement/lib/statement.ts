// How a statement row reads (spec sections 3 and 4): the type, the status (SUCCESS success,
// FAILED failure, anything else in progress), from -> to, and the related description.
import { itemState, type ItemState } from '@wallet/contract/client';
import type { StatementEntry } from '@/features/statement/api/get-statement';

export type StatusKind = ItemState;

/** The contract's one reading of the statement's statuses (statuses.ts, issue 26). */
export function statusKind(status: string): StatusKind {
  return itemState(status, 'statement');
}

export const relatedKinds = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'] as const;
export type RelatedKind = (typeof relatedKinds)[number];

/** The related bonus / promotion / invite / refund / lucky-draw descriptions, in that order. */
export function relatedOf(
  entry: Pick<StatementEntry, RelatedKind>,
): { kind: RelatedKind; description: string }[] {
  return relatedKinds.flatMap((kind) => {
    const description = entry[kind]?.description?.trim();
    return description ? [{ kind, description }] : [];
  });
}

/** Parties the app names in the member's language (the spec's `from` / `to` codes). */
export const namedParties = ['WALLET', 'OPERATOR'] as const;
export type NamedParty = (typeof namedParties)[number];

export function isNamedParty(value: string): value is NamedParty {
  return (namedParties as readonly string[]).includes(value);
}

/** The gift-link deposit's `from`. */
export const GIFT_LINK_PARTY = 'GIFT_LINK';

type Translate = (key: StatementPartyKey, params?: { bank: string }) => string;
export type StatementPartyKey =
  | 'statement.parties.WALLET'
  | 'statement.parties.OPERATOR'
  | 'statement.parties.giftLink'
  | 'statement.parties.qr'
  | 'statement.parties.slip'
  | 'statement.parties.bank';

/**
 * How one side of a row reads (issue 16, decision 0056): the wallet and the operator in the
 * member's language; on the other side the row's channel tells a QR deposit ("QR (KBANK)")
 * from a bank slip ("Bank slip (KBANK)") and a bank account; a game code reads as the
 * game's name from the wallet's game list; anything unknown shows as it is.
 */
export function partyLabel(
  entry: Pick<StatementEntry, 'from' | 'to' | 'channel'>,
  side: 'from' | 'to',
  t: Translate,
  gameNames: ReadonlyMap<string, string>,
): string {
  const value = entry[side];
  if (isNamedParty(value)) return t(`statement.parties.${value}`);
  if (value === GIFT_LINK_PARTY) return t('statement.parties.giftLink');
  switch (entry.channel) {
    case 'qr':
      return t('statement.parties.qr', { bank: value });
    case 'slip':
      return t('statement.parties.slip', { bank: value });
    case 'deposit_notice':
    case 'payout':
      return t('statement.parties.bank', { bank: value });
    default:
      return gameNames.get(value) ?? value;
  }
}
