// The ledger module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';
import type { Currency, LedgerAccountKind } from '../../db/columns';

/** A ledger account (docs/decisions/0012-ledger.md). Balances are integer minor units. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  /** Stable name, e.g. `member:12:cash`, `provider:PG`, `world:bank`. */
  code: string;
  kind: LedgerAccountKind;
  member_id: number | null;
  currency: Currency;
  /** Maintained by the database trigger on entry insert; never written by code. */
  balance: Generated<number>;
  /** 1/true for house and outside-world accounts; member accounts never go below zero. */
  allow_negative: number | boolean;
  created_at: string;
  /**
   * Shard rows of a house, provider or world account (migration 0024, decision 0101): the
   * account's code (shard 0's) on shard k > 0 of N, whose own code is `<code>#<k>/<N>`;
   * null on shard 0 and on member accounts.
   */
  shard_of: string | null;
  /** k (0 on shard 0 and member accounts). */
  shard: Generated<number>;
  /** N, the shard count the row was made for (1 on shard 0 and member accounts). */
  shard_count: Generated<number>;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  /** The business event, e.g. `adjustment`, `game_transfer_hold`. */
  event: string;
  /** Who caused it: `member:12`, `operator:1`, `system:reconciler`. */
  actor: string;
  idempotency_key: string | null;
  external_ref: string | null;
  reverses_id: number | null;
  memo: string | null;
  created_at: string;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  debit_balance_after: number;
  credit_balance_after: number;
}
