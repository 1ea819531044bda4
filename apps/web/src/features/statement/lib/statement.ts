// How a statement row reads (spec sections 3 and 4): the type, the status (SUCCESS success,
// FAILED failure, anything else in progress), from -> to, and the related description.
import { itemState, type ItemState } from '@wallet/contract/client';
import type { StatementEntry } from '@/features/statement/api/get-statement';
import type { MessageKey, MessageParams } from '@/i18n/types';

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

/**
 * Parties the app names in the member's language (the spec's `from` / `to` codes); BONUS is
 * the house side of every promotion credit and forfeit.
 */
export const namedParties = ['WALLET', 'OPERATOR', 'BONUS'] as const;
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
  | 'statement.parties.BONUS'
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

/** How one row reads, every part in the member's language (issue 26, decision 0132). */
export interface RowLabel {
  /** What happened: the type ("Deposit"), or a promotion row's own ("Bonus received"). */
  title: string;
  /** How the money moved ("QR code (KBANK) → Wallet"); an ended grant says what it took. */
  movement: { shown: string; spoken: string };
  /** The related bonus, promotion, invite, refund or prize by its name, as answered. */
  details: string[];
}

/** The kind of promotion a row is about: its related description's key (bonus when none). */
export function promotionKind(entry: Pick<StatementEntry, RelatedKind>): RelatedKind {
  return relatedOf(entry)[0]?.kind ?? relatedKinds.find((kind) => entry[kind]) ?? 'bonus';
}

const promotionName = (
  entry: Pick<StatementEntry, RelatedKind>,
  t: (key: MessageKey, params?: MessageParams) => string,
) => t(`statement.promotion.kinds.${promotionKind(entry)}`);

/**
 * The row as the member reads it (every statement kind: deposits by QR, slip, gift link and
 * notice, adjustments, transfers, withdrawals, promotion credits and ended grants). Promotion
 * rows name what happened from their type and related description ("Bonus received",
 * "Cashback received", "Bonus ended") instead of the house's code, and an ended grant says
 * whether it forfeited anything instead of "Wallet → BONUS ฿0.00".
 */
export function statementRowLabel(
  entry: Pick<StatementEntry, 'statementType' | 'from' | 'to' | 'channel' | 'amount' | RelatedKind>,
  t: (key: MessageKey, params?: MessageParams) => string,
  gameNames: ReadonlyMap<string, string>,
): RowLabel {
  const details = relatedOf(entry).map((related) => related.description);
  if (entry.statementType === 'finish_bonus') {
    const outcome =
      entry.amount > 0
        ? t('statement.promotion.forfeited')
        : t('statement.promotion.nothingForfeited');
    return {
      title: t('statement.promotion.ended', { kind: promotionName(entry, t) }),
      movement: { shown: outcome, spoken: outcome },
      details,
    };
  }
  const from = partyLabel(entry, 'from', t, gameNames);
  const to = partyLabel(entry, 'to', t, gameNames);
  const movement = { shown: `${from} → ${to}`, spoken: t('statement.fromTo', { from, to }) };
  if (entry.statementType === 'bonus') {
    return {
      title: t('statement.promotion.received', { kind: promotionName(entry, t) }),
      movement,
      details,
    };
  }
  return { title: t(`statement.types.${entry.statementType}`), movement, details };
}
