// An "ask about this" card in the member's language (issue 26): the title is built from the
// data the message carries (the statement type, the wallet, promotion money, a bank's name
// from the lookup, a provider's from the catalogue), never from an English sentence; a
// message stored before keeps its stored title. The status is read with the contract's one
// reading of every status vocabulary (`contextState`): a slip's lower-case `failed` is failed.
import {
  contextState,
  partyName,
  type ContextCardData,
  type ContextParty,
  type Locale,
} from '@wallet/contract/client';
import type { translate } from '@/i18n/i18n';

type Translate = typeof translate;

export function partyLabel(party: ContextParty, t: Translate, locale: Locale): string {
  switch (party.kind) {
    case 'wallet':
      return t('chat.party.wallet');
    case 'bonus':
      return t('chat.party.bonus');
    case 'operator':
      return t('chat.party.operator');
    case 'gift_link':
      return t('chat.party.giftLink');
    case 'qr':
      return t('chat.party.qr', { name: partyName(party, locale) });
    default:
      // A bank or a provider by its name, anything else as stored.
      return partyName(party, locale);
  }
}

/** The card's title, or null when there is nothing beyond its kind and reference. */
export function contextTitle(card: ContextCardData, t: Translate, locale: Locale): string | null {
  const { move, sender } = card;
  if (move) {
    const to = partyLabel(move.to, t, locale);
    if (move.type === 'withdraw') return t('chat.contextTitle.withdrawal', { to });
    return t('chat.contextTitle.move', {
      type: t(`chat.contextType.${move.type}`),
      from: partyLabel(move.from, t, locale),
      to,
    });
  }
  if (sender) return t('chat.contextTitle.slip', { bank: partyLabel(sender, t, locale) });
  return card.storedTitle ?? null;
}

export type ContextStatusWord = 'success' | 'failed' | 'progress' | 'processing';

/** The badge of a status: a slip still waiting reads "processing", as the slip list says. */
export function contextStatusWord(card: ContextCardData, status: string): ContextStatusWord {
  const state = contextState(card, status);
  return state === 'progress' && card.kind === 'slip' ? 'processing' : state;
}
