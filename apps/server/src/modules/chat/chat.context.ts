// "Ask about this" (issue 14, decision 0096): a member sends `{ kind, ref }` naming one of
// their slips, withdrawals or statement rows; the server checks the item is theirs and stores
// what the card shows `{ kind, ref, title, status, amount, createdAt }`. The other modules are
// read only through their index.ts.
import type { ChatContextKind, ChatContextPayload } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import { slipSummaryOfMember } from '../slips';
import { statementItemOfMember } from '../statement';

type Deps = Pick<AppDeps, 'db'>;

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
      title: slip.bankRef ? `Slip ${slip.bankRef}` : `Slip ${slip.ref}`,
      // As the member's slip list shows it: processing, success, failed.
      status: slip.status,
      amount: satangToBaht(slip.amount),
      createdAt: slip.createdAt,
    };
  }
  const item = await statementItemOfMember(deps.db, memberId, ref);
  // A withdrawal is the member's statement row of type withdraw (its reference is the
  // withdrawal's own): the status is the one the member's statement shows.
  if (!item || (request.kind === 'withdrawal' && item.type !== 'withdraw')) return undefined;
  return {
    kind: request.kind,
    ref: item.reference,
    title:
      request.kind === 'withdrawal'
        ? `Withdrawal to ${item.to}`
        : `${item.type[0]!.toUpperCase()}${item.type.slice(1).replace('_', ' ')}: ${item.from} → ${item.to}`,
    status: item.status,
    amount: satangToBaht(item.amount),
    createdAt: item.createdAt,
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
