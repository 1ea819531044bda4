// Issue 15, no hot ledger row (docs/decisions/0101-ledger-shards.md). A house, provider or
// outside-world account is a set of shard rows: shard 0 keeps the account's code (no data
// moves: the ledger is append-only), shard k of N has the code `<code>#<k>/<N>` and names its
// account in `shard_of`. The ledger service picks a posting's shard from its member
// (member_id mod N), so two members rarely lock the same row.
// - shard_of: the account's code (shard 0's code) on shard rows k > 0; null on shard 0 and
//   on member accounts;
// - shard, shard_count: k and N (0 and 1 on every row written before this migration).
// Like the other identity columns they never change (the SQLite trigger below, PostgreSQL's
// guard function replaced with one that also watches them).
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const columns = [
  `alter table ledger_accounts add column shard_of text`,
  `alter table ledger_accounts add column shard integer not null default 0`,
  `alter table ledger_accounts add column shard_count integer not null default 1`,
  // The readers sum an account's shards: `code in (...) or shard_of in (...)`.
  `create index ledger_accounts_shard_of_idx on ledger_accounts (shard_of) where shard_of is not null`,
];

const sqliteStatements = [
  ...columns,
  `create trigger ledger_accounts_shard_fixed before update of shard_of, shard, shard_count on ledger_accounts
   begin select raise(abort, 'ledger: account identity is fixed'); end`,
];

const postgresStatements = [
  ...columns,
  `create or replace function ledger_accounts_guard() returns trigger language plpgsql as $$
   begin
     if new.id <> old.id or new.code <> old.code or new.kind <> old.kind
        or new.member_id is distinct from old.member_id or new.currency <> old.currency
        or new.allow_negative <> old.allow_negative
        or new.shard_of is distinct from old.shard_of or new.shard <> old.shard
        or new.shard_count <> old.shard_count then
       raise exception 'ledger: account identity is fixed' using errcode = 'P0001';
     end if;
     if new.balance <> old.balance and pg_trigger_depth() < 2 then
       raise exception 'ledger: balances change only through entries' using errcode = 'P0001';
     end if;
     return new;
   end $$`,
];

export function ledgerShards(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      for (const statement of dialect === 'postgres' ? postgresStatements : sqliteStatements) {
        await sql.raw(statement).execute(db);
      }
    },
  };
}
