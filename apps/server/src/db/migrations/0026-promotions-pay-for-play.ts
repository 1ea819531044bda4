// Issue 25 (docs/decisions/0112-promotions-pay-only-for-play.md):
// - a spin coupon's prize opens a grant of kind `coupon` (the kind check gains it; SQLite
//   cannot alter a CHECK, so promotion_grants is rebuilt there, the documented way);
// - promotion_own_money: the member's own money while a grant is open (what they held when it
//   opened, plus deposits and operator credits, minus withdrawals since), one row per member,
//   written when a grant opens and by every flow of own money in or out;
// - invite_rewards.deposit_amount: the invitee's deposit, which their bets must reach before
//   the reward can be claimed (backfilled from the deposit's statement row);
// - members.coin_day / coins_on_day: the coins earned on one Bangkok day (a daily cap).
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const KINDS = `('bonus', 'promotion', 'invite', 'refund', 'coupon')`;

const columns = `member_id, kind, source_code, name_json, currency, credited, base, required,
   weights_json, percent_fail, deposit_ref, ledger_tx_id, status, started_at, ended_at, updated_at`;

/** The SQLite rebuild: the table of 0013 with the new kind check, its rows and its indexes. */
const sqliteRebuild = [
  `create table promotion_grants_next (
   id integer primary key autoincrement,
   member_id integer not null references members(id),
   kind text not null
     constraint promotion_grants_kind_check check (kind in ${KINDS}),
   source_code text,
   name_json text not null,
   currency text not null check (currency in ('BAHT', 'LAK')),
   credited integer not null check (credited > 0),
   base integer not null check (base > 0),
   required integer not null check (required > 0),
   weights_json text not null,
   percent_fail integer not null check (percent_fail between 0 and 100),
   deposit_ref text,
   ledger_tx_id integer references ledger_transactions(id),
   status text not null
     constraint promotion_grants_status_check check (status in ('open', 'met', 'cleared', 'forfeited')),
   started_at text not null,
   ended_at text,
   updated_at text not null
 )`,
  `insert into promotion_grants_next (id, ${columns}) select id, ${columns} from promotion_grants`,
  `drop table promotion_grants`,
  `alter table promotion_grants_next rename to promotion_grants`,
  `create index promotion_grants_member_idx on promotion_grants (member_id, status)`,
  `create unique index promotion_grants_member_id_unique on promotion_grants (member_id)
   where status = 'open' and kind in ('bonus', 'promotion')`,
  `create unique index promotion_grants_deposit_ref_unique on promotion_grants (deposit_ref)
   where deposit_ref is not null`,
  `create index promotion_grants_source_idx on promotion_grants (member_id, kind, source_code)`,
];

const postgresKinds = [
  `alter table promotion_grants drop constraint promotion_grants_kind_check`,
  `alter table promotion_grants add constraint promotion_grants_kind_check check (kind in ${KINDS})`,
];

const common = [
  `create table promotion_own_money (
     member_id integer primary key references members(id),
     principal integer not null check (principal >= 0),
     updated_at text not null
   )`,
  `alter table invite_rewards add column deposit_amount integer
     constraint invite_rewards_deposit_amount_check check (deposit_amount is null or deposit_amount > 0)`,
  `update invite_rewards set deposit_amount = (
     select s.amount from statement_items s where s.reference = invite_rewards.deposit_ref and s.amount > 0
   )`,
  `alter table members add column coin_day text`,
  `alter table members add column coins_on_day integer not null default 0
     constraint members_coins_on_day_check check (coins_on_day >= 0)`,
];

export function promotionsPayForPlay(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') {
        for (const statement of [...postgresKinds, ...common]) await sql.raw(statement).execute(db);
        return;
      }
      // Kysely runs SQLite migrations outside a transaction, so the pragma takes effect; the
      // foreign key check proves the rebuilt table still satisfies every reference to it.
      const keys = await sql.raw<{ foreign_keys: number }>('pragma foreign_keys').execute(db);
      const keysWere = keys.rows[0]?.foreign_keys === 1 ? 'on' : 'off';
      await sql.raw('pragma foreign_keys = off').execute(db);
      try {
        for (const statement of sqliteRebuild) await sql.raw(statement).execute(db);
        // Only references from or to the rebuilt table count: rows elsewhere that an older
        // release left dangling are not this migration's to judge.
        const broken = (
          await sql.raw<{ table: string; parent: string }>('pragma foreign_key_check').execute(db)
        ).rows.filter((r) => r.table === 'promotion_grants' || r.parent === 'promotion_grants');
        if (broken.length > 0)
          throw new Error(`promotion_grants rebuild broke ${broken.length} references`);
      } finally {
        await sql.raw(`pragma foreign_keys = ${keysWere}`).execute(db);
      }
      for (const statement of common) await sql.raw(statement).execute(db);
    },
  };
}
