// Issue 3: withdrawals (docs/decisions/0017-withdrawals.md) and the audit trail of bank
// account changes (0019-bank-account-changes.md).
// - withdrawals: one row per withdrawal, with our own unique payout reference, the bank
//   account as it was when the member asked (a later change never redirects it), and the
//   ledger transactions of its hold and of its one settlement (post or void).
// - The database enforces the life cycle: WAITING -> PROCESSING | REJECTED,
//   PROCESSING -> PAID | FAILED; a settled row (PAID, FAILED, REJECTED) never changes again
//   and carries its settlement transaction; no row is ever deleted; the identity of a row
//   (reference, member, amount, bank, hold) never changes.
// - member_bank_changes: append-only, one row per change of a member's payout account.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const statuses = `'WAITING', 'PROCESSING', 'PAID', 'FAILED', 'REJECTED'`;
const settled = `'PAID', 'FAILED', 'REJECTED'`;

/** Columns shared by both dialects (types differ only for ids). */
function withdrawalsTable(id: string, bigint: string): string {
  return `create table withdrawals (
     id ${id},
     ref text not null,
     member_id integer not null references members(id),
     idempotency_key text not null,
     amount ${bigint} not null,
     currency text not null,
     bank_code text not null,
     bank_account_no text not null,
     bank_account_name text not null,
     status text not null,
     review_reason text,
     hold_tx_id ${bigint} not null references ledger_transactions(id),
     settle_tx_id ${bigint} references ledger_transactions(id),
     decided_by integer references operators(id),
     decided_at text,
     attempts integer not null default 0,
     last_error text,
     next_attempt_at text,
     created_at text not null,
     updated_at text not null,
     settled_at text,
     constraint withdrawals_ref_unique unique (ref),
     constraint withdrawals_idempotency_key_unique unique (idempotency_key),
     constraint withdrawals_hold_tx_id_unique unique (hold_tx_id),
     constraint withdrawals_settle_tx_id_unique unique (settle_tx_id),
     constraint withdrawals_amount_check check (amount > 0),
     constraint withdrawals_status_check check (status in (${statuses})),
     constraint withdrawals_settle_check check ((status in (${settled})) = (settle_tx_id is not null)),
     constraint withdrawals_review_check check (review_reason is null or review_reason in ('over_limit', 'bank_changed'))
   )`;
}

function bankChangesTable(id: string): string {
  return `create table member_bank_changes (
     id ${id},
     member_id integer not null references members(id),
     old_bank_code text not null,
     old_bank_account_no text not null,
     old_bank_account_name text not null,
     new_bank_code text not null,
     new_bank_account_no text not null,
     new_bank_account_name text not null,
     changed_by integer not null references operators(id),
     reason text not null check (length(reason) > 0),
     created_at text not null
   )`;
}

const indexes = [
  `create index withdrawals_member_idx on withdrawals (member_id, created_at)`,
  `create index withdrawals_status_idx on withdrawals (status, next_attempt_at)`,
  `create index member_bank_changes_member_idx on member_bank_changes (member_id, created_at)`,
];

// The condition under which an update is allowed, written once for both dialects.
const allowedTransition = `(
   new.ref = old.ref and new.member_id = old.member_id and new.amount = old.amount
   and new.currency = old.currency and new.bank_code = old.bank_code
   and new.bank_account_no = old.bank_account_no and new.bank_account_name = old.bank_account_name
   and new.hold_tx_id = old.hold_tx_id and new.idempotency_key = old.idempotency_key
   and (new.status = old.status
        or (old.status = 'WAITING' and new.status in ('PROCESSING', 'REJECTED'))
        or (old.status = 'PROCESSING' and new.status in ('PAID', 'FAILED'))))`;

const sqliteStatements = [
  withdrawalsTable('integer primary key autoincrement', 'integer'),
  bankChangesTable('integer primary key autoincrement'),
  ...indexes,
  `create trigger withdrawals_settled_fixed before update on withdrawals
   when old.status in (${settled})
   begin select raise(abort, 'withdrawals: a settled withdrawal never changes'); end`,
  `create trigger withdrawals_transition before update on withdrawals
   when not ${allowedTransition}
   begin select raise(abort, 'withdrawals: change not allowed'); end`,
  `create trigger withdrawals_no_delete before delete on withdrawals
   begin select raise(abort, 'withdrawals: rows are never deleted'); end`,
  `create trigger member_bank_changes_no_update before update on member_bank_changes
   begin select raise(abort, 'member_bank_changes: append-only'); end`,
  `create trigger member_bank_changes_no_delete before delete on member_bank_changes
   begin select raise(abort, 'member_bank_changes: append-only'); end`,
];

const postgresStatements = [
  withdrawalsTable('bigint generated by default as identity primary key', 'bigint'),
  bankChangesTable('bigint generated by default as identity primary key'),
  ...indexes,
  `create function withdrawals_guard() returns trigger language plpgsql as $$
   begin
     if tg_op = 'DELETE' then
       raise exception 'withdrawals: rows are never deleted' using errcode = 'P0001';
     end if;
     if old.status in (${settled}) then
       raise exception 'withdrawals: a settled withdrawal never changes' using errcode = 'P0001';
     end if;
     if not ${allowedTransition} then
       raise exception 'withdrawals: change not allowed' using errcode = 'P0001';
     end if;
     return new;
   end $$`,
  `create trigger withdrawals_guard before update or delete on withdrawals
   for each row execute function withdrawals_guard()`,
  `create function member_bank_changes_append_only() returns trigger language plpgsql as $$
   begin
     raise exception 'member_bank_changes: append-only' using errcode = 'P0001';
   end $$`,
  `create trigger member_bank_changes_no_change before update or delete on member_bank_changes
   for each row execute function member_bank_changes_append_only()`,
];

export function withdrawals(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      for (const statement of dialect === 'postgres' ? postgresStatements : sqliteStatements) {
        await sql.raw(statement).execute(db);
      }
    },
  };
}
