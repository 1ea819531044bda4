// A member's money flows across the house's edge, read from the postings (issue 28, decision
// 0139): what player protection counts. Four kinds, each one posting between a member account
// and an outside account:
// - deposit: world:bank -> member cash (QR, gift link, slip);
// - withdrawal: member hold:withdraw -> world:bank (a payout the bank made);
// - to_game: member hold:game -> provider (a transfer into a game the provider applied);
// - from_game: provider -> member cash (a transfer back from a game).
// Operator adjustments and promotion credits move house money and are none of these.
import type { Db } from '../../db/database';
import { accounts } from './ledger.accounts';

export type FlowKind = 'deposit' | 'withdrawal' | 'to_game' | 'from_game';

export interface MemberFlow {
  /** The posting's time (ISO). */
  at: string;
  kind: FlowKind;
  /** Integer minor units, > 0. */
  amount: number;
}

async function memberAccountIds(db: Db, memberId: number) {
  const codes = {
    cash: accounts.memberCash(memberId).code,
    game: accounts.memberHold(memberId, 'game').code,
    withdraw: accounts.memberHold(memberId, 'withdraw').code,
  };
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'code'])
    .where('member_id', '=', memberId)
    .execute();
  const id = (code: string) => rows.find((r) => r.code === code)?.id ?? -1;
  return { cash: id(codes.cash), game: id(codes.game), withdraw: id(codes.withdraw) };
}

/**
 * The member's flows since `since` (ISO, inclusive; null: all), oldest first. In a
 * transaction it sees the transaction's own postings.
 */
export async function memberFlows(
  db: Db,
  memberId: number,
  since: string | null,
): Promise<MemberFlow[]> {
  const ids = await memberAccountIds(db, memberId);
  if (ids.cash < 0) return [];
  let query = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('ledger_accounts as d', 'd.id', 'e.debit_account_id')
    .innerJoin('ledger_accounts as c', 'c.id', 'e.credit_account_id')
    .select([
      't.created_at as at',
      'e.amount',
      'e.debit_account_id as debitId',
      'e.credit_account_id as creditId',
      'd.kind as debitKind',
      'c.kind as creditKind',
    ])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('e.credit_account_id', '=', ids.cash),
          eb('d.kind', 'in', ['world', 'provider']),
        ]),
        eb.and([eb('e.debit_account_id', '=', ids.game), eb('c.kind', '=', 'provider')]),
        eb.and([eb('e.debit_account_id', '=', ids.withdraw), eb('c.kind', '=', 'world')]),
      ]),
    );
  if (since !== null) query = query.where('t.created_at', '>=', since);
  const rows = await query.orderBy('t.created_at').orderBy('e.id').execute();
  return rows.map((row) => {
    const amount = Number(row.amount);
    let kind: FlowKind;
    if (row.creditId === ids.cash) kind = row.debitKind === 'world' ? 'deposit' : 'from_game';
    else if (row.debitId === ids.game) kind = 'to_game';
    else kind = 'withdrawal';
    return { at: row.at, kind, amount };
  });
}
