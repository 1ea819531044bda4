// Runs the migrations at start (main.ts) and in tests. The provider is in code, so the
// migrations ship with the server and need no folder scanning.
import type { Migration, MigrationProvider } from 'kysely';
import { Migrator, sql } from 'kysely';
import type { Db } from './database';
import { dialectOf } from './database';
import { foundation } from './migrations/0001-foundation';
import { ledger } from './migrations/0002-ledger';
import { idempotency } from './migrations/0003-idempotency';
import { statement } from './migrations/0004-statement';
import { games } from './migrations/0005-games';
import { withdrawals } from './migrations/0006-withdrawals';
import { deposits } from './migrations/0007-deposits';
import { slips } from './migrations/0008-slips';
import { walletVersion } from './migrations/0009-wallet-version';
import { slipFilePurges } from './migrations/0010-slip-file-purges';
import { accountNameChanges } from './migrations/0011-account-name-changes';
import { reconcileColumns } from './migrations/0012-reconcile-columns';
import { promotionGrants } from './migrations/0013-promotion-grants';
import { inviteRefund } from './migrations/0015-invite-refund';
import { bonuses } from './migrations/0014-bonuses';
import { spin } from './migrations/0016-spin';
import { operatorConsole } from './migrations/0017-operator-console';
import { memberNotes } from './migrations/0018-member-notes';
import { fourEyes } from './migrations/0019-four-eyes';
import { withdrawalDecisionReason } from './migrations/0020-withdrawal-decision-reason';
import { slipReview } from './migrations/0021-slip-review';
import { auditTargetIndex } from './migrations/0022-audit-target-index';
import { chat } from './migrations/0023-chat';
import { ledgerShards } from './migrations/0024-ledger-shards';
import { sharedState } from './migrations/0025-shared-state';
import { promotionsPayForPlay } from './migrations/0026-promotions-pay-for-play';
import { insiderFourEyes } from './migrations/0027-insider-four-eyes';
import { operatorControls } from './migrations/0028-operator-controls';
import { abuseLimits } from './migrations/0029-abuse-limits';
import { payoutAccountTrust } from './migrations/0030-payout-account-trust';
import { statementDescriptions } from './migrations/0031-statement-descriptions';
import { playerProtection } from './migrations/0032-player-protection';
import { markersOfHarm } from './migrations/0033-markers-of-harm';
import { push } from './migrations/0034-push';

function migrationsFor(db: Db): Record<string, Migration> {
  const dialect = dialectOf(db);
  // Names sort in apply order; never rename or edit one that has shipped.
  return {
    '0001-foundation': foundation(dialect),
    '0002-ledger': ledger(dialect),
    '0003-idempotency': idempotency(dialect),
    '0004-statement': statement(dialect),
    '0005-games': games(dialect),
    '0006-withdrawals': withdrawals(dialect),
    '0007-deposits': deposits(dialect),
    '0008-slips': slips(dialect),
    '0009-wallet-version': walletVersion(dialect),
    '0010-slip-file-purges': slipFilePurges(dialect),
    '0011-account-name-changes': accountNameChanges(dialect),
    '0012-reconcile-columns': reconcileColumns(dialect),
    '0013-promotion-grants': promotionGrants(dialect),
    '0015-invite-refund': inviteRefund(dialect),
    '0014-bonuses': bonuses(dialect),
    '0016-spin': spin(dialect),
    '0017-operator-console': operatorConsole(dialect),
    '0018-member-notes': memberNotes(dialect),
    '0019-four-eyes': fourEyes(dialect),
    '0020-withdrawal-decision-reason': withdrawalDecisionReason(dialect),
    '0021-slip-review': slipReview(dialect),
    '0022-audit-target-index': auditTargetIndex(),
    '0023-chat': chat(dialect),
    '0024-ledger-shards': ledgerShards(dialect),
    '0025-shared-state': sharedState(),
    '0026-promotions-pay-for-play': promotionsPayForPlay(dialect),
    '0027-insider-four-eyes': insiderFourEyes(dialect),
    '0028-operator-controls': operatorControls(dialect),
    '0029-abuse-limits': abuseLimits(),
    '0030-payout-account-trust': payoutAccountTrust(dialect),
    '0031-statement-descriptions': statementDescriptions(),
    '0032-player-protection': playerProtection(dialect),
    '0033-markers-of-harm': markersOfHarm(dialect),
    '0034-push': push(dialect),
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(this.migrations);
  }
}

/** Brings the schema to the latest version; throws on the first failing migration. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(migrationsFor(db)) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Brings the schema up to and including `name` (tests of a migration on older data). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(migrationsFor(db)) });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * Applies every migration that sorts before `name`, and no later one: a test of a data
 * migration fills the tables as they were, then runs the rest with migrateToLatest.
 */
export async function migrateToBefore(db: Db, name: string): Promise<void> {
  const names = Object.keys(migrationsFor(db)).sort();
  const previous = names[names.indexOf(name) - 1];
  if (!names.includes(name) || previous === undefined)
    throw new Error(`no migration before ${name}`);
  await migrateTo(db, previous);
}

/**
 * The migrations this code knows that the database has not applied (the readiness check,
 * decision 0102): one read of Kysely's migration table. Throws when the table is missing.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  return Object.keys(migrationsFor(db)).filter((name) => !applied.has(name));
}
