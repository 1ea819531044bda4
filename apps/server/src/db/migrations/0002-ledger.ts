// Issue 3: the double-entry ledger (docs/decisions/0012-ledger.md). The invariants of
// architecture.md are enforced here, by the database, not only by the code that writes:
//  1. an entry moves one amount from a debit account to a credit account, so every
//     transaction sums to zero by construction (no one-sided posting can exist);
//  2. each account's cached balance is maintained by a trigger on entry insert, and the
//     entry's recorded balances-after must match (the trigger refuses a mismatch);
//  3. a CHECK keeps member accounts (allow_negative = 0) at or above zero;
//  4. entries and transactions are append-only (update/delete triggers raise);
//  5. idempotency keys and external references are UNIQUE;
//  7. every transaction names its business event and actor; entries carry balances after.
// On PostgreSQL a balance may change only from inside the trigger (pg_trigger_depth()).
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const sqliteStatements = [
  `create table ledger_accounts (
     id integer primary key autoincrement,
     code text not null,
     kind text not null,
     member_id integer references members(id),
     currency text not null,
     balance integer not null default 0,
     allow_negative integer not null default 0,
     created_at text not null,
     constraint ledger_accounts_code_unique unique (code),
     constraint ledger_accounts_allow_negative_check check (allow_negative in (0, 1)),
     constraint ledger_accounts_balance_check check (allow_negative = 1 or balance >= 0)
   )`,
  `create table ledger_transactions (
     id integer primary key autoincrement,
     event text not null check (length(event) > 0),
     actor text not null check (length(actor) > 0),
     idempotency_key text,
     external_ref text,
     reverses_id integer references ledger_transactions(id),
     memo text,
     created_at text not null,
     constraint ledger_transactions_idempotency_key_unique unique (idempotency_key),
     constraint ledger_transactions_external_ref_unique unique (external_ref),
     constraint ledger_transactions_reverses_id_unique unique (reverses_id)
   )`,
  `create table ledger_entries (
     id integer primary key autoincrement,
     transaction_id integer not null references ledger_transactions(id),
     debit_account_id integer not null references ledger_accounts(id),
     credit_account_id integer not null references ledger_accounts(id),
     amount integer not null,
     debit_balance_after integer not null,
     credit_balance_after integer not null,
     constraint ledger_entries_amount_check check (amount > 0),
     constraint ledger_entries_accounts_check check (debit_account_id <> credit_account_id)
   )`,
  `create index ledger_entries_debit_idx on ledger_entries (debit_account_id, id)`,
  `create index ledger_entries_credit_idx on ledger_entries (credit_account_id, id)`,
  `create index ledger_entries_transaction_idx on ledger_entries (transaction_id)`,
  `create trigger ledger_entries_verify before insert on ledger_entries
   begin
     select raise(abort, 'ledger: debit balance_after mismatch')
      where new.debit_balance_after <>
            (select balance from ledger_accounts where id = new.debit_account_id) - new.amount;
     select raise(abort, 'ledger: credit balance_after mismatch')
      where new.credit_balance_after <>
            (select balance from ledger_accounts where id = new.credit_account_id) + new.amount;
   end`,
  `create trigger ledger_entries_apply after insert on ledger_entries
   begin
     update ledger_accounts set balance = balance - new.amount where id = new.debit_account_id;
     update ledger_accounts set balance = balance + new.amount where id = new.credit_account_id;
   end`,
  `create trigger ledger_entries_no_update before update on ledger_entries
   begin select raise(abort, 'ledger: entries are append-only'); end`,
  `create trigger ledger_entries_no_delete before delete on ledger_entries
   begin select raise(abort, 'ledger: entries are append-only'); end`,
  `create trigger ledger_transactions_no_update before update on ledger_transactions
   begin select raise(abort, 'ledger: transactions are append-only'); end`,
  `create trigger ledger_transactions_no_delete before delete on ledger_transactions
   begin select raise(abort, 'ledger: transactions are append-only'); end`,
  `create trigger ledger_accounts_no_delete before delete on ledger_accounts
   begin select raise(abort, 'ledger: accounts are never deleted'); end`,
  `create trigger ledger_accounts_fixed before update of id, code, kind, member_id, currency, allow_negative on ledger_accounts
   begin select raise(abort, 'ledger: account identity is fixed'); end`,
];

const postgresStatements = [
  `create table ledger_accounts (
     id bigint generated by default as identity primary key,
     code text not null,
     kind text not null,
     member_id integer references members(id),
     currency text not null,
     balance bigint not null default 0,
     allow_negative boolean not null default false,
     created_at text not null,
     constraint ledger_accounts_code_unique unique (code),
     constraint ledger_accounts_balance_check check (allow_negative or balance >= 0)
   )`,
  `create table ledger_transactions (
     id bigint generated by default as identity primary key,
     event text not null check (length(event) > 0),
     actor text not null check (length(actor) > 0),
     idempotency_key text,
     external_ref text,
     reverses_id bigint references ledger_transactions(id),
     memo text,
     created_at text not null,
     constraint ledger_transactions_idempotency_key_unique unique (idempotency_key),
     constraint ledger_transactions_external_ref_unique unique (external_ref),
     constraint ledger_transactions_reverses_id_unique unique (reverses_id)
   )`,
  `create table ledger_entries (
     id bigint generated by default as identity primary key,
     transaction_id bigint not null references ledger_transactions(id),
     debit_account_id bigint not null references ledger_accounts(id),
     credit_account_id bigint not null references ledger_accounts(id),
     amount bigint not null,
     debit_balance_after bigint not null,
     credit_balance_after bigint not null,
     constraint ledger_entries_amount_check check (amount > 0),
     constraint ledger_entries_accounts_check check (debit_account_id <> credit_account_id)
   )`,
  `create index ledger_entries_debit_idx on ledger_entries (debit_account_id, id)`,
  `create index ledger_entries_credit_idx on ledger_entries (credit_account_id, id)`,
  `create index ledger_entries_transaction_idx on ledger_entries (transaction_id)`,
  `create function ledger_entries_apply() returns trigger language plpgsql as $$
   declare
     debit_after bigint;
     credit_after bigint;
   begin
     update ledger_accounts set balance = balance - new.amount
      where id = new.debit_account_id returning balance into debit_after;
     update ledger_accounts set balance = balance + new.amount
      where id = new.credit_account_id returning balance into credit_after;
     if debit_after is distinct from new.debit_balance_after then
       raise exception 'ledger: debit balance_after mismatch' using errcode = 'P0001';
     end if;
     if credit_after is distinct from new.credit_balance_after then
       raise exception 'ledger: credit balance_after mismatch' using errcode = 'P0001';
     end if;
     return new;
   end $$`,
  `create trigger ledger_entries_apply before insert on ledger_entries
   for each row execute function ledger_entries_apply()`,
  `create function ledger_append_only() returns trigger language plpgsql as $$
   begin
     raise exception 'ledger: % is append-only', tg_table_name using errcode = 'P0001';
   end $$`,
  `create trigger ledger_entries_no_change before update or delete on ledger_entries
   for each row execute function ledger_append_only()`,
  `create trigger ledger_transactions_no_change before update or delete on ledger_transactions
   for each row execute function ledger_append_only()`,
  `create trigger ledger_accounts_no_delete before delete on ledger_accounts
   for each row execute function ledger_append_only()`,
  `create function ledger_accounts_guard() returns trigger language plpgsql as $$
   begin
     if new.id <> old.id or new.code <> old.code or new.kind <> old.kind
        or new.member_id is distinct from old.member_id or new.currency <> old.currency
        or new.allow_negative <> old.allow_negative then
       raise exception 'ledger: account identity is fixed' using errcode = 'P0001';
     end if;
     if new.balance <> old.balance and pg_trigger_depth() < 2 then
       raise exception 'ledger: balances change only through entries' using errcode = 'P0001';
     end if;
     return new;
   end $$`,
  `create trigger ledger_accounts_guard before update on ledger_accounts
   for each row execute function ledger_accounts_guard()`,
];

export function ledger(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      for (const statement of dialect === 'postgres' ? postgresStatements : sqliteStatements) {
        await sql.raw(statement).execute(db);
      }
    },
  };
}
