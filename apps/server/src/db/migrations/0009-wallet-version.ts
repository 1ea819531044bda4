// Issue 3 speed (docs/decisions/0034-hot-path-costs.md): members.wallet_version changes
// whenever anything GET /api/wallet shows of that member may have changed, so a server
// process can keep the serialized answer and check it with the version it reads along
// with the session, instead of rebuilding it on every call. The database keeps the version,
// not the code, so no writer (another process, a future module, an operator tool) can
// forget to bump it:
//  - the member's own row (name, phone, coin, bank account, currency, status);
//  - any balance change of the member's ledger accounts (a posting of any kind);
//  - any change of the member's game accounts (opened, balance refreshed).
// Bank names and the catalogue are static at run time; the invite figures are settings,
// which the cache key carries itself.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const memberColumns =
  'name, username, coin, bank_code, bank_account_name, bank_account_no, currency, status';
const bump = (id: string) =>
  `update members set wallet_version = wallet_version + 1 where id = ${id}`;

const sqliteStatements = [
  `alter table members add column wallet_version integer not null default 0`,
  `create trigger members_wallet_version after update of ${memberColumns} on members
   begin ${bump('new.id')}; end`,
  `create trigger ledger_accounts_wallet_version after update of balance on ledger_accounts
   when new.member_id is not null
   begin ${bump('new.member_id')}; end`,
  `create trigger game_accounts_wallet_version_insert after insert on game_accounts
   begin ${bump('new.member_id')}; end`,
  `create trigger game_accounts_wallet_version_update after update on game_accounts
   begin ${bump('new.member_id')}; end`,
];

const postgresStatements = [
  `alter table members add column wallet_version bigint not null default 0`,
  `create function members_wallet_version() returns trigger language plpgsql as $$
   begin
     new.wallet_version := old.wallet_version + 1;
     return new;
   end $$`,
  `create trigger members_wallet_version before update of ${memberColumns} on members
   for each row execute function members_wallet_version()`,
  `create function bump_member_wallet_version() returns trigger language plpgsql as $$
   begin
     ${bump('new.member_id')};
     return null;
   end $$`,
  `create trigger ledger_accounts_wallet_version after update of balance on ledger_accounts
   for each row when (new.member_id is not null)
   execute function bump_member_wallet_version()`,
  `create trigger game_accounts_wallet_version after insert or update on game_accounts
   for each row execute function bump_member_wallet_version()`,
];

export function walletVersion(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      for (const statement of dialect === 'postgres' ? postgresStatements : sqliteStatements) {
        await sql.raw(statement).execute(db);
      }
    },
  };
}
