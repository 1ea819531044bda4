// One server process: the whole product on one port. Run alone (WORKERS=1, or SQLite), it
// migrates and seeds first; as a node:cluster worker the primary has done both (decision
// 0102). Either way it serves, runs the periodic jobs (reconcilers, housekeeping: their
// items are leased, so several processes may run them), and drains on SIGTERM / SIGINT:
// readiness off and `Connection: close` on every answer, no new connections, the requests
// in flight finished (SHUTDOWN_GRACE_MS at most), the jobs stopped, the sockets and the
// database closed, exit 0.
import cluster from 'node:cluster';
import { buildApp } from '../app';
import type { Config } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { startHousekeeping } from '../jobs/housekeeping';
import { reconcileFlows } from '../jobs/reconcile-flows';
import { fileOffsetClock, systemClock } from '../lib/clock';
import { PasswordHasher } from '../modules/auth';
import { startReconcilers } from '../reconcile';
import { seed } from '../seed';

/** Past the grace time, this much more for the jobs and the database before a forced exit. */
export const SHUTDOWN_MARGIN_MS = 5000;

export function clockOf(config: Config) {
  return config.devClockFile ? fileOffsetClock(config.devClockFile) : systemClock;
}

/** Migrations and the seed: once per start, before any process serves. */
export async function prepareDatabase(config: Config): Promise<string[]> {
  const db = createDatabase(config);
  try {
    const applied = await migrateToLatest(db);
    await seed({
      db,
      clock: clockOf(config),
      config,
      passwords: new PasswordHasher(config.argon2),
    });
    return applied;
  } finally {
    await db.destroy();
  }
}

export function serverBanner(config: Config, port: number, workers: number): string {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const where =
    config.database.kind === 'postgres' ? 'PostgreSQL' : `SQLite ${config.database.path}`;
  const docs = config.apiDocs ? 'API docs /api/docs, ' : '';
  const processes = workers > 1 ? `, ${workers} worker processes` : '';
  return `Member wallet server: http://${shownHost}:${port}/  (${docs}${where}${processes})`;
}

export async function runServer(config: Config): Promise<void> {
  const worker = cluster.isWorker;
  const db = createDatabase(config);
  const clock = clockOf(config);
  let applied: string[] = [];
  if (!worker) {
    applied = await migrateToLatest(db);
    await seed({ db, clock, config, passwords: new PasswordHasher(config.argon2) });
  }

  const app = await buildApp({ config, db, clock });
  if (config.devClockFile)
    app.log.warn(
      { devClockFile: config.devClockFile },
      'development clock: runs ahead by the file',
    );
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');

  // One process per turn, whatever the number of workers and machines (decision 0104).
  const sweeper = startHousekeeping(app.deps, app.log);
  // Every "outcome unknown, settle it later" flow (architecture.md invariant 6, decision
  // 0061): provider transfers, payouts, QR charges, gift links, bank slips. Each runs at its
  // own interval; all are stopped before the database closes.
  const reconcilers = startReconcilers(reconcileFlows(app.deps), app.deps, app.log);

  let closing = false;
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    const graceMs = config.processes.shutdownGraceMs;
    app.log.info({ reason, inFlight: app.lifecycle.inFlight() }, 'draining');
    const force = setTimeout(() => {
      app.log.error({ graceMs }, 'drain did not finish in time: exiting');
      process.exit(1);
    }, graceMs + SHUTDOWN_MARGIN_MS);
    force.unref();
    try {
      // Requests finish while the jobs finish their pass; neither starts anything new.
      const [drained] = await Promise.all([
        app.lifecycle.drain({ graceMs }),
        sweeper.stop(),
        reconcilers.stop(),
      ]);
      await app.close(); // the chat's sockets, then the HTTP server
      await db.destroy();
      app.log.info({ drain: drained }, 'stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // SIGHUP is a rolling restart, the primary's (npm start passes it on); a terminal hang-up
  // reaches the whole group. Node's default would end the process.
  process.on('SIGHUP', () => {
    if (!worker) app.log.warn('SIGHUP ignored: a rolling restart needs WORKERS > 1 on PostgreSQL');
  });
  // The primary is gone (killed): nobody hands this process connections any more.
  if (worker) process.on('disconnect', () => void shutdown('primary gone'));
  if (closing) return;

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (worker) app.log.info({ worker: cluster.worker?.id, port }, 'worker listening');
  else console.log(serverBanner(config, port, 1));
}
