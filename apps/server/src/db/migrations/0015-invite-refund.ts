// Issue 12 (docs/decisions/0071-promotions-rule-book.md, 0074): the invite bonus and the
// cashback refund.
//  - invite_rewards: what an invitee's credited deposit earned the inviter, one row per
//    deposit (deposit_ref unique), claimed at most once (claim_id set once, by a trigger rule).
//  - invite_claims: one claim per payment, numbered per member (the ledger key
//    `invite-claim:{memberId}:{claimNo}`).
//  - refund_receipts: one received refund per member and period (Bangkok week), moved into
//    the wallet at most once (moved_at, grant_id).
// GET /api/wallet shows the inviter's claimable sum, so the inviter's wallet_version is bumped
// (migration 0009's rule) when a reward is recorded, when it is claimed, and when an invitee's
// first money reaches a game (a wallet -> game transfer settles: rewards become claimable).
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const tables = (id: string) => [
  `create table invite_claims (
     id ${id},
     member_id integer not null references members(id),
     claim_no integer not null constraint invite_claims_claim_no_check check (claim_no > 0),
     currency text not null
       constraint invite_claims_currency_check check (currency in ('BAHT', 'LAK')),
     amount integer not null constraint invite_claims_amount_check check (amount > 0),
     grant_id integer references promotion_grants(id),
     created_at text not null
   )`,
  `create unique index invite_claims_claim_no_unique on invite_claims (member_id, claim_no)`,
  `create table invite_rewards (
     id ${id},
     inviter_id integer not null references members(id),
     invitee_id integer not null references members(id),
     deposit_ref text not null,
     currency text not null
       constraint invite_rewards_currency_check check (currency in ('BAHT', 'LAK')),
     amount integer not null constraint invite_rewards_amount_check check (amount > 0),
     created_at text not null,
     claim_id integer references invite_claims(id),
     constraint invite_rewards_not_self_check check (inviter_id <> invitee_id)
   )`,
  `create unique index invite_rewards_deposit_ref_unique on invite_rewards (deposit_ref)`,
  `create index invite_rewards_inviter_idx on invite_rewards (inviter_id, claim_id)`,
  `create table refund_receipts (
     id ${id},
     member_id integer not null references members(id),
     period_start text not null
       constraint refund_receipts_period_start_check check (length(period_start) = 10),
     currency text not null
       constraint refund_receipts_currency_check check (currency in ('BAHT', 'LAK')),
     net_loss integer not null constraint refund_receipts_net_loss_check check (net_loss > 0),
     amount integer not null constraint refund_receipts_amount_check check (amount > 0),
     received_at text not null,
     moved_at text,
     grant_id integer references promotion_grants(id),
     constraint refund_receipts_moved_check check ((moved_at is null) = (grant_id is null))
   )`,
  `create unique index refund_receipts_period_start_unique
     on refund_receipts (member_id, period_start)`,
  `create index refund_receipts_member_idx on refund_receipts (member_id, moved_at)`,
];

const bumpInviter = (id: string) =>
  `update members set wallet_version = wallet_version + 1 where id = ${id}`;
const bumpInviterOf = (memberId: string) =>
  `update members set wallet_version = wallet_version + 1
   where id = (select invited_by from members where id = ${memberId})`;

const sqliteTriggers = [
  `create trigger invite_rewards_wallet_version_insert after insert on invite_rewards
   begin ${bumpInviter('new.inviter_id')}; end`,
  `create trigger invite_rewards_wallet_version_claim after update of claim_id on invite_rewards
   begin ${bumpInviter('new.inviter_id')}; end`,
  // A reward is claimed once: claim_id never changes after it is set.
  `create trigger invite_rewards_claim_once before update of claim_id on invite_rewards
   when old.claim_id is not null
   begin select raise(abort, 'invite_rewards_claim_once'); end`,
  `create trigger game_transfers_invite_wallet_version after update of status on game_transfers
   when new.direction = 'in' and new.status = 'POSTED' and old.status <> 'POSTED'
   begin ${bumpInviterOf('new.member_id')}; end`,
];

const postgresTriggers = [
  `create function invite_rewards_wallet_version() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' and old.claim_id is not null
        and new.claim_id is distinct from old.claim_id then
       raise exception 'invite_rewards_claim_once';
     end if;
     ${bumpInviter('new.inviter_id')};
     return null;
   end $$`,
  `create trigger invite_rewards_wallet_version after insert or update of claim_id
   on invite_rewards for each row execute function invite_rewards_wallet_version()`,
  `create function game_transfers_invite_wallet_version() returns trigger language plpgsql as $$
   begin
     ${bumpInviterOf('new.member_id')};
     return null;
   end $$`,
  `create trigger game_transfers_invite_wallet_version after update of status on game_transfers
   for each row when (new.direction = 'in' and new.status = 'POSTED' and old.status <> 'POSTED')
   execute function game_transfers_invite_wallet_version()`,
];

export function inviteRefund(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      const id =
        dialect === 'postgres'
          ? 'integer primary key generated by default as identity'
          : 'integer primary key autoincrement';
      const statements = [
        ...tables(id),
        ...(dialect === 'postgres' ? postgresTriggers : sqliteTriggers),
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
