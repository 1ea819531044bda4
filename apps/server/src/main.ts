// Starts the server: reads the config, opens the database, runs migrations and the seed,
// listens, prints the URL, and closes cleanly on SIGTERM / SIGINT.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seed } from './seed';
import { housekeeping } from './jobs/housekeeping';
import { reconcileFlows } from './jobs/reconcile-flows';
import { fileOffsetClock, HOUR_MS, systemClock } from './lib/clock';
import { PasswordHasher } from './modules/auth';
import { startPeriodicJob, startReconcilers } from './reconcile';

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
  const clock = config.devClockFile ? fileOffsetClock(config.devClockFile) : systemClock;
  await seed({ db, clock, config, passwords: new PasswordHasher(config.argon2) });

  const app = await buildApp({ config, db, clock });
  if (config.devClockFile)
    app.log.warn(
      { devClockFile: config.devClockFile },
      'development clock: runs ahead by the file',
    );
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');

  const sweeper = startPeriodicJob(
    'housekeeping',
    async () => app.log.info({ purged: await housekeeping(app.deps) }, 'housekeeping'),
    HOUR_MS,
    app.log,
    true,
  );
  // Every "outcome unknown, settle it later" flow (architecture.md invariant 6, decision
  // 0061): provider transfers, payouts, QR charges, gift links, bank slips. Each runs at its
  // own interval; all are stopped before the database closes.
  const reconcilers = startReconcilers(reconcileFlows(app.deps), app.deps, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await sweeper.stop();
      await reconcilers.stop();
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
