// Starts the server: reads the config, then runs one process (cluster/worker.ts: database,
// migrations, seed, listen, jobs, drain on SIGTERM / SIGINT), or with WORKERS > 1 on
// PostgreSQL a node:cluster primary (cluster/primary.ts) and its workers (decision 0102).
import cluster from 'node:cluster';
import { runPrimary } from './cluster/primary';
import { runServer } from './cluster/worker';
import { ConfigError, loadConfig } from './config';

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
  const { workers } = config.processes;
  if (cluster.isPrimary && workers > 1 && config.database.kind === 'sqlite') {
    console.warn(
      `WORKERS=${workers} ignored: SQLite runs in one process (one writer). Starting one process; ` +
        'set DATABASE_URL (PostgreSQL) to run several (decision 0102).',
    );
  } else if (cluster.isPrimary && workers > 1) {
    return runPrimary(config);
  }
  return runServer(config);
}

main().catch((error: unknown) => {
  console.error('Server failed to start:', error);
  process.exit(1);
});
