// "Ask about this" cards (decisions 0096, 0097; issue 26): what a context message carries
// about the member's item, as data the reader's language names: the statement type, both
// sides of the money move (the wallet, promotion money, a bank with its names from the
// lookup, a game provider with its catalogue name...), the status in its own vocabulary.
// Zod-free: the member widget and the console read payloads here, the server builds them.
// Messages stored before issue 26 carry an English `title` instead; it is still read.
import type { ChatContextKind } from './chat-constants';
import { WALLET, statementTypes, type Locale, type statementChannels } from './constants';
import { itemState, type ItemState, type StatusVocabulary } from './statuses';

type StatementType = (typeof statementTypes)[number];
type StatementChannel = (typeof statementChannels)[number];
type ContextKind = ChatContextKind;

/** A name in each of the member app's languages (banks: the lookup's Thai, Lao, English). */
export type LocalizedName = Record<Locale, string>;

/**
 * One side of a money move. `code` is what the statement stores (WALLET, BONUS, KBANK, PG...);
 * `name` is the bank's names from the lookup or the provider's catalogue name, when known.
 */
export const contextPartyKinds = [
  'wallet', // WALLET: the member's wallet
  'bonus', // BONUS: promotion money (bonus, promotion code, invite, refund, coupon)
  'operator', // OPERATOR: an operator's adjustment
  'gift_link', // GIFT_LINK: a gift-link deposit
  'qr', // a QR deposit's gateway
  'bank', // a bank account: a slip's sender, a deposit notice, a withdrawal's payout
  'game', // a game provider's account
  'other', // anything else: shown as stored
] as const;
export type ContextPartyKind = (typeof contextPartyKinds)[number];
export interface ContextParty {
  kind: ContextPartyKind;
  code: string;
  name?: LocalizedName;
}

/** What a statement side is, from the stored code and the row's channel (decision 0056). */
export function statementPartyKind(
  code: string,
  channel: StatementChannel | undefined,
): ContextPartyKind {
  if (code === WALLET) return 'wallet';
  if (code === 'BONUS') return 'bonus';
  if (code === 'OPERATOR') return 'operator';
  if (code === 'GIFT_LINK') return 'gift_link';
  switch (channel) {
    case 'qr':
      return 'qr';
    case 'slip':
    case 'deposit_notice':
    case 'payout':
      return 'bank';
    case 'game':
      return 'game';
    default:
      return 'other';
  }
}

/** A context payload as a renderer reads it; undefined fields were not stored. */
export interface ContextCardData {
  kind: ContextKind;
  ref: string;
  /** The status now (the console) or when asked (the member's copy). */
  status?: string;
  /** The console only: the status the member saw when asking, when it has changed since. */
  statusWhenAsked?: string;
  /** Baht. */
  amount?: number;
  createdAt?: string;
  /** A statement row or withdrawal: its type and both sides. */
  move?: { type: StatementType; from: ContextParty; to: ContextParty };
  /** A slip: the bank it was sent from, once read. */
  sender?: ContextParty;
  /** The English title stored before issue 26 (no `move` or `sender` then). */
  storedTitle?: string;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): value is string => typeof value === 'string';

function readName(value: unknown): LocalizedName | undefined {
  if (!isObj(value) || !str(value.th) || !str(value.la) || !str(value.en)) return undefined;
  return { th: value.th, la: value.la, en: value.en };
}

function readParty(value: unknown): ContextParty | undefined {
  if (!isObj(value) || !str(value.code)) return undefined;
  const kind = (contextPartyKinds as readonly unknown[]).includes(value.kind)
    ? (value.kind as ContextPartyKind)
    : 'other';
  const name = readName(value.name);
  return { kind, code: value.code, ...(name ? { name } : {}) };
}

/** A context message's payload, or null when it is not one (renderers show "unsupported"). */
export function readChatContext(payload: unknown): ContextCardData | null {
  if (!isObj(payload) || !str(payload.ref)) return null;
  const kind = payload.kind;
  if (kind !== 'slip' && kind !== 'withdrawal' && kind !== 'statement') return null;
  const card: ContextCardData = { kind, ref: payload.ref };
  if (str(payload.status)) card.status = payload.status;
  if (str(payload.statusWhenAsked)) card.statusWhenAsked = payload.statusWhenAsked;
  if (typeof payload.amount === 'number' && Number.isFinite(payload.amount))
    card.amount = payload.amount;
  if (str(payload.createdAt)) card.createdAt = payload.createdAt;
  const from = readParty(payload.from);
  const to = readParty(payload.to);
  const type = payload.type;
  if (kind !== 'slip' && from && to && (statementTypes as readonly unknown[]).includes(type))
    card.move = { type: type as StatementType, from, to };
  if (kind === 'slip') {
    const sender = readParty(payload.sender);
    if (sender) card.sender = sender;
  }
  if (!card.move && !card.sender && str(payload.title) && payload.title.trim())
    card.storedTitle = payload.title;
  return card;
}

/** The vocabulary a card's statuses are in: the slip list's, or the statement's. */
export function contextVocabulary(kind: ContextKind): StatusVocabulary {
  return kind === 'slip' ? 'slip' : 'statement';
}

/** What the member is told about the card's item (issue 26: one reading for both apps). */
export function contextState(card: Pick<ContextCardData, 'kind'>, status: string): ItemState {
  return itemState(status, contextVocabulary(card.kind));
}

/**
 * A party's name in `lang`: a bank's or provider's stored name, else its code. The fixed
 * parties (wallet, bonus, operator, gift link) have no stored name: apps translate them.
 */
export function partyName(party: ContextParty, lang: Locale): string {
  return party.name?.[lang]?.trim() || party.code;
}
