// A database for one script run: a SQLite file in a temp folder, or a fresh database on the
// PostgreSQL server of an admin URL (created here, dropped by drop()).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../../src/config';

export interface ScratchDb {
  database: Config['database'];
  /** Environment for a server child process using this database. */
  env: Record<string, string>;
  label: 'sqlite' | 'postgres';
  drop(): Promise<void>;
}

/**
 * durableCommits: the throwaway cluster of scripts/with-postgres.sh runs with
 * synchronous_commit=off, so a commit it acknowledged can vanish when the postmaster is
 * killed; a test of acknowledged operations surviving a kill needs it on for its database.
 */
export async function scratchDatabase(
  prefix: string,
  pgAdminUrl?: string,
  options: { durableCommits?: boolean } = {},
): Promise<ScratchDb> {
  const dir = mkdtempSync(join(tmpdir(), `wallet-${prefix}-`));
  if (!pgAdminUrl) {
    const path = join(dir, 'wallet.db');
    return {
      database: { kind: 'sqlite', path },
      env: { SQLITE_PATH: path },
      label: 'sqlite',
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `wallet_${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  if (options.durableCommits)
    await admin.query(`alter database ${name} set synchronous_commit = on`);
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    env: { DATABASE_URL: url.toString() },
    label: 'postgres',
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: pgAdminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
