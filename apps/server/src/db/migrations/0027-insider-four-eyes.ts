// Issue 25 section 2, no insider who moves money alone (decision 0116):
// - adjustment_postings (adjustments module): one row per posted adjustment, on one operator's
//   say (request_id null) or approved by a second operator (request_id set). The rolling 24 h
//   sums of credits per operator and per member, the withdrawal review after recent credits
//   and the "not the operator who adjusted" rule read it. Append-only.
// - member_bank_change_requests (account module): an operator's change of a member's payout
//   account waits here for a second operator (the approval kernel's columns, src/approvals).
//   The database holds the life cycle like adjustment_requests: pending -> approved |
//   rejected once, a decided row has its decider, the decider is never the requester.
// - member_bank_changes.approved_by: who approved the change (null for the changes made
//   before this migration, when one operator changed the account alone).
// - withdrawals.review_reason may be 'adjustments' (recent operator credits pay for it). The
//   CHECK constraint is replaced: PostgreSQL drops and adds it; SQLite cannot alter a CHECK,
//   so the table is rebuilt (its rows, indexes and triggers kept as they were).
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const reviewReasons = `'over_limit', 'bank_changed', 'adjustments'`;

const postingsTable = (id: string, bigint: string) => `create table adjustment_postings (
   id ${id},
   member_id integer not null references members(id),
   operator_id integer not null references operators(id),
   amount ${bigint} not null,
   direction text not null,
   request_id integer references adjustment_requests(id),
   transaction_id ${bigint} not null references ledger_transactions(id),
   created_at text not null,
   constraint adjustment_postings_transaction_id_unique unique (transaction_id),
   constraint adjustment_postings_request_id_unique unique (request_id),
   constraint adjustment_postings_amount_check check (amount > 0),
   constraint adjustment_postings_direction_check check (direction in ('credit', 'debit'))
 )`;

const bankRequestsTable = (id: string) => `create table member_bank_change_requests (
   id ${id},
   member_id integer not null references members(id),
   old_bank_code text not null,
   old_bank_account_no text not null,
   old_bank_account_name text not null,
   new_bank_code text not null,
   new_bank_account_no text not null,
   new_bank_account_name text not null,
   reason text not null,
   status text not null,
   requested_by integer not null references operators(id),
   requested_at text not null,
   decided_by integer references operators(id),
   decided_at text,
   decision_reason text,
   constraint member_bank_change_requests_reason_check check (length(reason) between 1 and 200),
   constraint member_bank_change_requests_status_check check (status in ('pending', 'approved', 'rejected')),
   constraint member_bank_change_requests_decided_check check ((status = 'pending') = (decided_by is null)),
   constraint member_bank_change_requests_four_eyes_check check (decided_by is null or decided_by <> requested_by)
 )`;

const common = [
  `create index adjustment_postings_operator_idx on adjustment_postings (operator_id, created_at)`,
  `create index adjustment_postings_member_idx on adjustment_postings (member_id, created_at)`,
  `create index member_bank_change_requests_status_idx on member_bank_change_requests (status, requested_at)`,
  `create index member_bank_change_requests_member_idx on member_bank_change_requests (member_id, requested_at)`,
  `alter table member_bank_changes add column approved_by integer references operators(id)`,
  // "who adjusted this member lately" reads requests by member and time.
  `create index adjustment_requests_member_idx on adjustment_requests (member_id, requested_at)`,
];

// --- SQLite: the withdrawals table rebuilt with the new CHECK (0006, 0012, 0020 as they are) ---

const statuses = `'WAITING', 'PROCESSING', 'PAID', 'FAILED', 'REJECTED'`;
const settled = `'PAID', 'FAILED', 'REJECTED'`;

const sqliteWithdrawals = `create table withdrawals_next (
   id integer primary key autoincrement,
   ref text not null,
   member_id integer not null references members(id),
   idempotency_key text not null,
   amount integer not null,
   currency text not null,
   bank_code text not null,
   bank_account_no text not null,
   bank_account_name text not null,
   status text not null,
   review_reason text,
   hold_tx_id integer not null references ledger_transactions(id),
   settle_tx_id integer references ledger_transactions(id),
   decided_by integer references operators(id),
   decided_at text,
   attempts integer not null default 0,
   last_error text,
   next_attempt_at text,
   created_at text not null,
   updated_at text not null,
   settled_at text,
   decision_reason text
     constraint withdrawals_decision_reason_check check (decision_reason is null or length(decision_reason) between 1 and 200),
   constraint withdrawals_ref_unique unique (ref),
   constraint withdrawals_idempotency_key_unique unique (idempotency_key),
   constraint withdrawals_hold_tx_id_unique unique (hold_tx_id),
   constraint withdrawals_settle_tx_id_unique unique (settle_tx_id),
   constraint withdrawals_amount_check check (amount > 0),
   constraint withdrawals_status_check check (status in (${statuses})),
   constraint withdrawals_settle_check check ((status in (${settled})) = (settle_tx_id is not null)),
   constraint withdrawals_review_check check (review_reason is null or review_reason in (${reviewReasons}))
 )`;

const columns = [
  'id',
  'ref',
  'member_id',
  'idempotency_key',
  'amount',
  'currency',
  'bank_code',
  'bank_account_no',
  'bank_account_name',
  'status',
  'review_reason',
  'hold_tx_id',
  'settle_tx_id',
  'decided_by',
  'decided_at',
  'attempts',
  'last_error',
  'next_attempt_at',
  'created_at',
  'updated_at',
  'settled_at',
  'decision_reason',
].join(', ');

const allowedTransition = `(
   new.ref = old.ref and new.member_id = old.member_id and new.amount = old.amount
   and new.currency = old.currency and new.bank_code = old.bank_code
   and new.bank_account_no = old.bank_account_no and new.bank_account_name = old.bank_account_name
   and new.hold_tx_id = old.hold_tx_id and new.idempotency_key = old.idempotency_key
   and (new.status = old.status
        or (old.status = 'WAITING' and new.status in ('PROCESSING', 'REJECTED'))
        or (old.status = 'PROCESSING' and new.status in ('PAID', 'FAILED'))))`;

const sqliteRebuild = [
  sqliteWithdrawals,
  `insert into withdrawals_next (${columns}) select ${columns} from withdrawals`,
  // Drops the old table's indexes and triggers with it (nothing references withdrawals).
  `drop table withdrawals`,
  `alter table withdrawals_next rename to withdrawals`,
  `create index withdrawals_member_idx on withdrawals (member_id, created_at)`,
  `create index withdrawals_status_idx on withdrawals (status, next_attempt_at)`,
  `create index withdrawals_due_idx on withdrawals (next_attempt_at)`,
  `create trigger withdrawals_settled_fixed before update on withdrawals
   when old.status in (${settled})
   begin select raise(abort, 'withdrawals: a settled withdrawal never changes'); end`,
  `create trigger withdrawals_transition before update on withdrawals
   when not ${allowedTransition}
   begin select raise(abort, 'withdrawals: change not allowed'); end`,
  `create trigger withdrawals_no_delete before delete on withdrawals
   begin select raise(abort, 'withdrawals: rows are never deleted'); end`,
];

const sqliteStatements = [
  postingsTable('integer primary key autoincrement', 'integer'),
  bankRequestsTable('integer primary key autoincrement'),
  ...common,
  `create trigger adjustment_postings_no_update before update on adjustment_postings
   begin select raise(abort, 'adjustment_postings: append-only'); end`,
  `create trigger adjustment_postings_no_delete before delete on adjustment_postings
   begin select raise(abort, 'adjustment_postings: append-only'); end`,
];

const postgresStatements = [
  postingsTable('bigint generated by default as identity primary key', 'bigint'),
  bankRequestsTable('integer primary key generated by default as identity'),
  ...common,
  `create function adjustment_postings_append_only() returns trigger language plpgsql as $$
   begin
     raise exception 'adjustment_postings: append-only' using errcode = 'P0001';
   end $$`,
  `create trigger adjustment_postings_no_change before update or delete on adjustment_postings
   for each row execute function adjustment_postings_append_only()`,
  `alter table withdrawals drop constraint withdrawals_review_check`,
  `alter table withdrawals add constraint withdrawals_review_check
     check (review_reason is null or review_reason in (${reviewReasons}))`,
];

export function insiderFourEyes(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') {
        for (const statement of postgresStatements) await sql.raw(statement).execute(db);
        return;
      }
      // SQLite runs migrations outside a transaction (no transactional DDL in Kysely's
      // adapter): the rebuild is one transaction of its own, all or nothing.
      for (const statement of sqliteStatements) await sql.raw(statement).execute(db);
      await sql.raw('begin immediate').execute(db);
      try {
        for (const statement of sqliteRebuild) await sql.raw(statement).execute(db);
        await sql.raw('commit').execute(db);
      } catch (error) {
        await sql.raw('rollback').execute(db);
        throw error;
      }
    },
  };
}
