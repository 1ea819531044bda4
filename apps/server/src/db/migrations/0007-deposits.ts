// Issue 4: QR deposits and gift-link redemptions (docs/decisions/0024, 0025, 0026).
// Double credit is impossible in the database, not only in the code that writes:
// - qr_deposits: one row per QR, our reference UNIQUE; the gateway's transaction id UNIQUE
//   per gateway, the gateway's charge id UNIQUE per gateway; a PAID row carries its one
//   ledger transaction (UNIQUE) and never changes again; at most one open QR per member
//   (partial UNIQUE index);
// - gift_redemptions: one row per voucher ever claimed (hash UNIQUE), a CREDITED row carries
//   its one ledger transaction (UNIQUE) and never changes again;
// - the ledger's own UNIQUE external_ref (`qr:<gateway>:<txnId>`, `gift:<hash>`) and
//   idempotency key (`qr:<ref>:credit`, `gift:<ref>:credit`) back both up;
// - gift_link_throttle: the per-member counter of failed gift-link attempts (decision 0025).
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const qrStatuses = `'CREATING', 'OPEN', 'PAID', 'CANCELLED', 'EXPIRED', 'FAILED', 'REVIEW'`;
const giftStatuses = `'PENDING', 'CREDITED', 'FAILED', 'REVIEW'`;

function qrTable(id: string, bigint: string): string {
  return `create table qr_deposits (
     id ${id},
     ref text not null,
     member_id integer not null references members(id),
     gateway text not null,
     amount ${bigint} not null,
     currency text not null,
     idempotency_key text not null,
     status text not null,
     charge_id text,
     payload text,
     expires_at text not null,
     txn_id text,
     paid_at text,
     ledger_tx_id ${bigint} references ledger_transactions(id),
     check_attempts integer not null default 0,
     last_error text,
     next_check_at text,
     created_at text not null,
     updated_at text not null,
     constraint qr_deposits_ref_unique unique (ref),
     constraint qr_deposits_idempotency_key_unique unique (idempotency_key),
     constraint qr_deposits_gateway_charge_id_unique unique (gateway, charge_id),
     constraint qr_deposits_gateway_txn_id_unique unique (gateway, txn_id),
     constraint qr_deposits_ledger_tx_id_unique unique (ledger_tx_id),
     constraint qr_deposits_amount_check check (amount > 0),
     constraint qr_deposits_status_check check (status in (${qrStatuses})),
     constraint qr_deposits_paid_check check ((status = 'PAID') = (ledger_tx_id is not null)),
     constraint qr_deposits_txn_check check (status <> 'PAID' or txn_id is not null)
   )`;
}

function giftTable(id: string, bigint: string): string {
  return `create table gift_redemptions (
     id ${id},
     ref text not null,
     hash text not null,
     member_id integer not null references members(id),
     amount ${bigint} not null,
     currency text not null,
     owner_mobile text not null,
     idempotency_key text not null,
     status text not null,
     ledger_tx_id ${bigint} references ledger_transactions(id),
     attempts integer not null default 0,
     last_error text,
     next_check_at text,
     created_at text not null,
     updated_at text not null,
     credited_at text,
     constraint gift_redemptions_ref_unique unique (ref),
     constraint gift_redemptions_hash_unique unique (hash),
     constraint gift_redemptions_ledger_tx_id_unique unique (ledger_tx_id),
     constraint gift_redemptions_amount_check check (amount > 0),
     constraint gift_redemptions_status_check check (status in (${giftStatuses})),
     constraint gift_redemptions_credited_check check ((status = 'CREDITED') = (ledger_tx_id is not null))
   )`;
}

const throttleTable = `create table gift_link_throttle (
     key text primary key,
     failures integer not null,
     window_started_at text not null,
     locked_until text
   )`;

const indexes = [
  `create unique index qr_deposits_one_open_idx on qr_deposits (member_id) where status in ('CREATING', 'OPEN')`,
  `create index qr_deposits_member_idx on qr_deposits (member_id, gateway, status)`,
  `create index qr_deposits_check_idx on qr_deposits (next_check_at)`,
  `create index gift_redemptions_member_idx on gift_redemptions (member_id, created_at)`,
  `create index gift_redemptions_check_idx on gift_redemptions (next_check_at)`,
];

// Updates allowed on a QR row: identity fixed; a charge id, once known, fixed; status moves
// forward only. A cancelled, expired or failed QR may still become PAID: a member who paid
// it has paid us, and the money is credited (decision 0024).
const qrAllowed = `(
   new.ref = old.ref and new.member_id = old.member_id and new.gateway = old.gateway
   and new.amount = old.amount and new.currency = old.currency
   and new.idempotency_key = old.idempotency_key and new.created_at = old.created_at
   and (old.charge_id is null or (new.charge_id is not null and new.charge_id = old.charge_id))
   and (new.status = old.status
        or (old.status = 'CREATING' and new.status in ('OPEN', 'PAID', 'CANCELLED', 'FAILED', 'REVIEW'))
        or (old.status = 'OPEN' and new.status in ('PAID', 'CANCELLED', 'EXPIRED', 'REVIEW'))
        or (old.status in ('CANCELLED', 'EXPIRED', 'FAILED') and new.status in ('PAID', 'REVIEW'))
        or (old.status = 'REVIEW' and new.status = 'PAID')))`;

const giftAllowed = `(
   new.ref = old.ref and new.hash = old.hash and new.member_id = old.member_id
   and new.amount = old.amount and new.currency = old.currency
   and new.owner_mobile = old.owner_mobile and new.idempotency_key = old.idempotency_key
   and (new.status = old.status
        or (old.status = 'PENDING' and new.status in ('CREDITED', 'FAILED', 'REVIEW'))))`;

const sqliteStatements = [
  qrTable('integer primary key autoincrement', 'integer'),
  giftTable('integer primary key autoincrement', 'integer'),
  throttleTable,
  ...indexes,
  `create trigger qr_deposits_paid_fixed before update on qr_deposits
   when old.status = 'PAID'
   begin select raise(abort, 'qr_deposits: a paid QR never changes'); end`,
  `create trigger qr_deposits_transition before update on qr_deposits
   when not ${qrAllowed}
   begin select raise(abort, 'qr_deposits: change not allowed'); end`,
  `create trigger qr_deposits_no_delete before delete on qr_deposits
   begin select raise(abort, 'qr_deposits: rows are never deleted'); end`,
  `create trigger gift_redemptions_credited_fixed before update on gift_redemptions
   when old.status = 'CREDITED'
   begin select raise(abort, 'gift_redemptions: a credited voucher never changes'); end`,
  `create trigger gift_redemptions_transition before update on gift_redemptions
   when not ${giftAllowed}
   begin select raise(abort, 'gift_redemptions: change not allowed'); end`,
  `create trigger gift_redemptions_no_delete before delete on gift_redemptions
   begin select raise(abort, 'gift_redemptions: rows are never deleted'); end`,
];

const postgresStatements = [
  qrTable('bigint generated by default as identity primary key', 'bigint'),
  giftTable('bigint generated by default as identity primary key', 'bigint'),
  throttleTable,
  ...indexes,
  `create function qr_deposits_guard() returns trigger language plpgsql as $$
   begin
     if tg_op = 'DELETE' then
       raise exception 'qr_deposits: rows are never deleted' using errcode = 'P0001';
     end if;
     if old.status = 'PAID' then
       raise exception 'qr_deposits: a paid QR never changes' using errcode = 'P0001';
     end if;
     if not ${qrAllowed} then
       raise exception 'qr_deposits: change not allowed' using errcode = 'P0001';
     end if;
     return new;
   end $$`,
  `create trigger qr_deposits_guard before update or delete on qr_deposits
   for each row execute function qr_deposits_guard()`,
  `create function gift_redemptions_guard() returns trigger language plpgsql as $$
   begin
     if tg_op = 'DELETE' then
       raise exception 'gift_redemptions: rows are never deleted' using errcode = 'P0001';
     end if;
     if old.status = 'CREDITED' then
       raise exception 'gift_redemptions: a credited voucher never changes' using errcode = 'P0001';
     end if;
     if not ${giftAllowed} then
       raise exception 'gift_redemptions: change not allowed' using errcode = 'P0001';
     end if;
     return new;
   end $$`,
  `create trigger gift_redemptions_guard before update or delete on gift_redemptions
   for each row execute function gift_redemptions_guard()`,
];

export function deposits(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      for (const statement of dialect === 'postgres' ? postgresStatements : sqliteStatements) {
        await sql.raw(statement).execute(db);
      }
    },
  };
}
