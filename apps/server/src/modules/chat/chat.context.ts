// "Ask about this" (issue 14, decision 0096): a member sends `{ kind, ref }` naming one of
// their slips, withdrawals or statement rows; the server checks the item is theirs and stores
// what the card shows: `{ kind, ref, status, amount, createdAt }` and, as data the reader's
// language names (issue 26), the statement type and both sides of the move (`type`, `from`,
// `to`) or a slip's sending bank (`sender`), with banks' names from the lookup and providers'
// from the catalogue. Nothing in it is an English sentence. The other modules are read only
// through their index.ts.
import type { ChatContextKind, ChatContextPayload, ContextParty } from '@wallet/contract';
import { satangToBaht, statementPartyKind } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import { findProvider } from '../games';
import { bankNames, findBank } from '../lookup';
import { slipSummaryOfMember } from '../slips';
import { statementItemOfMember, type StatementChannel } from '../statement';

type Deps = Pick<AppDeps, 'db'>;

/** A statement side as data: its kind, its code, and a bank's or provider's names. */
async function partyOf(
  deps: Deps,
  code: string,
  channel: StatementChannel | undefined,
): Promise<ContextParty> {
  const kind = statementPartyKind(code, channel);
  if (kind === 'game') {
    const provider = findProvider(code);
    return provider
      ? { kind, code, name: { th: provider.name, la: provider.name, en: provider.name } }
      : { kind, code };
  }
  if (kind === 'bank' || kind === 'qr') {
    // A QR gateway that is a bank (KBANK) has the bank's names; WW, PAYTIMZ their code.
    const bank = await findBank(deps.db, code);
    if (!bank) return { kind, code };
    const names = bankNames(bank);
    return { kind, code, name: { th: names.nameTH, la: names.nameLA, en: names.nameEN } };
  }
  return { kind, code };
}

/** The item as it is now, or undefined when the member has no such item. */
export async function describeContext(
  deps: Deps,
  memberId: number,
  request: { kind: ChatContextKind; ref: string },
): Promise<ChatContextPayload | undefined> {
  const ref = request.ref.trim();
  if (request.kind === 'slip') {
    const slip = await slipSummaryOfMember(deps.db, memberId, ref);
    if (!slip) return undefined;
    return {
      kind: 'slip',
      ref: slip.ref,
      // As the member's slip list shows it: processing, success, failed (the contract's
      // `slip` vocabulary, read by itemState).
      status: slip.status,
      amount: satangToBaht(slip.amount),
      createdAt: slip.createdAt,
      ...(slip.senderBank ? { sender: await partyOf(deps, slip.senderBank, 'slip') } : {}),
    };
  }
  const item = await statementItemOfMember(deps.db, memberId, ref);
  // A withdrawal is the member's statement row of type withdraw (its reference is the
  // withdrawal's own): the status is the one the member's statement shows.
  if (!item || (request.kind === 'withdrawal' && item.type !== 'withdraw')) return undefined;
  const [from, to] = await Promise.all([
    partyOf(deps, item.from, item.channel),
    partyOf(deps, item.to, item.channel),
  ]);
  return {
    kind: request.kind,
    ref: item.reference,
    // The statement's vocabulary: SUCCESS, FAILED, else in progress.
    status: item.status,
    amount: satangToBaht(item.amount),
    createdAt: item.createdAt,
    type: item.type,
    from,
    to,
  };
}

/**
 * The CURRENT status of the item a stored context message names (the inbox shows it beside
 * the card, whose stored status is the one at the time of asking). Undefined when the item is
 * gone or the conversation has no member.
 */
export async function contextStatus(
  deps: Deps,
  memberId: number | null,
  payload: { kind: ChatContextKind; ref: string },
): Promise<string | undefined> {
  if (memberId === null) return undefined;
  return (await describeContext(deps, memberId, payload))?.status;
}
