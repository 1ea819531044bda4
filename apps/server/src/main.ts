// Starts the server: reads the config, opens the database, runs migrations and the seed,
// listens, prints the URL, and closes cleanly on SIGTERM / SIGINT.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seed } from './seed';
import { housekeeping } from './jobs/housekeeping';
import { systemClock } from './lib/clock';
import { PasswordHasher } from './modules/auth';
import { startDepositReconciler } from './modules/deposits';
import { startReconciler } from './modules/games';
import { startSlipRetryJob } from './modules/slips';
import { startPayoutReconciler } from './modules/withdrawals';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const db = createDatabase(config);
  const applied = await migrateToLatest(db);
  await seed({ db, clock: systemClock, config, passwords: new PasswordHasher(config.argon2) });

  const app = await buildApp({ config, db });
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');

  const sweep = () =>
    housekeeping(app.deps).then(
      (purged) => app.log.info({ purged }, 'housekeeping'),
      (error: unknown) => app.log.error({ err: error }, 'housekeeping failed'),
    );
  const sweeper = setInterval(() => void sweep(), 60 * 60 * 1000);
  sweeper.unref();
  void sweep();
  // Resolves payouts whose outcome was unknown (decision 0017); stopped before the db closes.
  const payoutReconciler = startPayoutReconciler(app.deps, app.log);
  // Resolves provider transfers whose outcome was unknown (decision 0015), every
  // RECONCILE_INTERVAL_MS; stopped before the db closes.
  const gameReconciler = startReconciler(app.deps, app.log);
  // Credits QRs whose webhook never came, closes expired ones, resolves unknown gift-link
  // redemptions (decision 0026), every DEPOSIT_RECONCILE_INTERVAL_MS.
  const depositReconciler = startDepositReconciler(app.deps, app.log);
  // Asks the bank again about slips it could not verify yet (decision 0027).
  const slipRetry = startSlipRetryJob(app.deps, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    clearInterval(sweeper);
    try {
      await payoutReconciler.stop();
      await gameReconciler.stop();
      await depositReconciler.stop();
      await slipRetry.stop();
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const where =
    config.database.kind === 'postgres' ? 'PostgreSQL' : `SQLite ${config.database.path}`;
  const docs = config.apiDocs ? 'API docs /api/docs, ' : '';
  console.log(`Member wallet server: http://${shownHost}:${port}/  (${docs}${where})`);
}

main().catch((error: unknown) => {
  console.error('Server failed to start:', error);
  process.exit(1);
});
