// Secrets at rest (issue 25 section 2.5, decision 0118): the SQLite database and its -wal and
// -shm, the folder the server makes for it, `npm run backup` copies and folders, restore
// copies and PostgreSQL dumps are the server's alone: files 0600, folders 0700, whatever the
// process umask. (The file store's 0600/0700 is tested in adapters/file-stores.test.ts.)
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { backupPostgres } from '../src/cli/pg-backup';
import { backupSqlite, restoreSqlite } from '../src/cli/sqlite-backup';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { createTestDatabase, testConfig } from './helpers';
import { testDatabaseUrl } from '../src/config';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const modeOf = (path: string) => statSync(path).mode & 0o777;
const octal = (mode: number) => `0${mode.toString(8)}`;

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-modes-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('SQLite files are 0600, their folders 0700', () => {
  it('a new database, its -wal and -shm and the folder made for it; an old 0644 file is narrowed', async () => {
    // A permissive umask, as a shell may have: the modes must not depend on it.
    const umask = process.umask(0o022);
    try {
      const root = scratch();
      const path = join(root, 'data', 'wallet.db');
      const db = createDatabase(testConfig({ kind: 'sqlite', path }));
      await migrateToLatest(db);
      await sql`insert into job_leases (name, due_at) values ('probe', '2000-01-01')`.execute(db);
      const modes = {
        folder: octal(modeOf(join(root, 'data'))),
        db: octal(modeOf(path)),
        wal: octal(modeOf(`${path}-wal`)),
        shm: octal(modeOf(`${path}-shm`)),
      };
      await db.destroy();
      expect(modes).toEqual({ folder: '0700', db: '0600', wal: '0600', shm: '0600' });

      // A database an older release left world-readable is narrowed when the server opens it.
      chmodSync(path, 0o644);
      const again = createDatabase(testConfig({ kind: 'sqlite', path }));
      await migrateToLatest(again);
      expect(octal(modeOf(path))).toBe('0600');
      await again.destroy();
    } finally {
      process.umask(umask);
    }
  });

  it('npm run backup writes 0600 copies in a 0700 folder; a restore puts a 0600 file in place', async () => {
    const root = scratch();
    const path = join(root, 'wallet.db');
    const db = createDatabase(testConfig({ kind: 'sqlite', path }));
    await migrateToLatest(db);
    await db.destroy();
    const backups = join(root, 'backups');
    const backup = await backupSqlite(path, backups);
    expect(backup.ok, backup.problems.join('; ')).toBe(true);
    expect([octal(modeOf(backups)), octal(modeOf(backup.path))]).toEqual(['0700', '0600']);

    // A backup copied around with a loose mode still becomes a private database.
    chmodSync(backup.path, 0o644);
    const target = join(root, 'restored', 'wallet.db');
    const restored = await restoreSqlite(backup.path, target);
    expect(octal(modeOf(restored.target))).toBe('0600');
    const second = await restoreSqlite(backup.path, target, new Date(Date.now() + 1000));
    expect(octal(modeOf(second.kept!))).toBe('0600');
    expect(octal(modeOf(target))).toBe('0600');
  });
});

// PostgreSQL only when a test cluster is there (TEST_DATABASE_URL), like forEachDialect.
if (testDatabaseUrl())
  describe('PostgreSQL dumps are 0600', () => {
    it('pg_dump writes its archive 0600 in a 0700 folder', async () => {
      const database = await createTestDatabase('postgres');
      try {
        if (database.database.kind !== 'postgres') throw new Error('not PostgreSQL');
        const db = createDatabase(testConfig(database.database));
        await migrateToLatest(db);
        await db.destroy();
        const dir = join(scratch(), 'dumps');
        const dump = backupPostgres(database.database.url, dir, { pgBin: PG_BIN });
        expect([octal(modeOf(dir)), octal(modeOf(dump.path))]).toEqual(['0700', '0600']);
      } finally {
        await database.drop();
      }
    });
  });
