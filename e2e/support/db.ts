// Direct SQL on the stack's database, only for scenes the product's own API refuses to set
// up on purpose: a member row from before a validation rule existed (a Thai account name
// on a KTB account), a member who registered days ago (no API moves a registration back)
// and the operator's slip window, which has no operator endpoint yet.
// Works on the SQLite file and on PostgreSQL (E2E_DATABASE_URL). Writes to `members` bump
// the wallet_version by the database's own trigger, so the server's wallet cache follows.
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { FixtureHooks } from './fixture.js';
import type { Stack } from './stack.js';

/** Runs one statement with `?` placeholders; returns the rows (empty for writes). */
export async function sql<T = Record<string, unknown>>(
  stack: Pick<Stack, 'database'>,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (stack.database.kind === 'sqlite') {
    const db = new Database(stack.database.path);
    try {
      // The server holds the file open in WAL mode: wait for its write lock, never fail on it.
      db.pragma('busy_timeout = 5000');
      const statement = db.prepare(text);
      return statement.reader ? (statement.all(...params) as T[]) : (statement.run(...params), []);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: stack.database.url });
  await client.connect();
  try {
    let n = 0;
    const answer = await client.query(
      text.replace(/\?/g, () => `$${++n}`),
      params,
    );
    return answer.rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Gives a member the bank account name an older system stored for them, bypassing today's
 * English-only rule (every API path refuses it for KTB, TMB and BBL since issue 2).
 */
export async function setLegacyAccountName(
  stack: Pick<Stack, 'database'>,
  phone: string,
  name: string,
): Promise<void> {
  await sql(stack, 'UPDATE members SET bank_account_name = ? WHERE username = ?', [name, phone]);
  const rows = await sql<{ bank_account_name: string }>(
    stack,
    'SELECT bank_account_name FROM members WHERE username = ?',
    [phone],
  );
  if (rows[0]?.bank_account_name !== name) throw new Error(`member ${phone} not updated`);
}

/**
 * Makes a member one who registered two days ago: a member of long standing, whose own slips
 * the rules credit at once. A slip from an account registered within the review hours waits
 * for an operator until the account is trusted (server decision 0124).
 */
export async function registeredLongAgo(
  stack: Pick<Stack, 'database'>,
  phone: string,
): Promise<void> {
  const at = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
  await sql(stack, 'UPDATE members SET created_at = ? WHERE username = ?', [at, phone]);
  const rows = await sql<{ created_at: string }>(
    stack,
    'SELECT created_at FROM members WHERE username = ?',
    [phone],
  );
  if (rows[0]?.created_at !== at) throw new Error(`member ${phone} not updated`);
}

export interface SlipWindow {
  uploadWindowMinutes: number;
  closedFrom: string | null;
  closedTo: string | null;
  maxFileBytes: number;
}

/** The operator's slip setting (operator_settings key 'slip'), as stored. */
export async function slipSetting(stack: Pick<Stack, 'database'>): Promise<SlipWindow> {
  const rows = await sql<{ value_json: string }>(
    stack,
    "SELECT value_json FROM operator_settings WHERE key = 'slip'",
  );
  if (!rows[0]) throw new Error('no slip setting stored (is the seed on?)');
  return JSON.parse(rows[0].value_json) as SlipWindow;
}

/** The server keeps a setting for up to 1 s (SETTINGS_TTL_MS, decision 0034); waited out. */
const SETTINGS_CACHE_MS = 1_000;

/** Stores the slip setting and waits until the server's settings cache has let go of the old. */
export async function setSlipSetting(
  stack: Pick<Stack, 'database'>,
  value: SlipWindow,
): Promise<void> {
  await sql(stack, "UPDATE operator_settings SET value_json = ? WHERE key = 'slip'", [
    JSON.stringify(value),
  ]);
  await sleep(SETTINGS_CACHE_MS + 300);
}

/**
 * Fixture hooks for a journey file that uploads slips: no daily closed window while it
 * runs (the seeded 23:50-00:10 Bangkok window would fail it at that time of day), restored
 * afterwards (a shared PostgreSQL database keeps settings from file to file). Usage:
 * `useJourneyFixture({}, slipUploadOpen())`.
 */
export function slipUploadOpen(): FixtureHooks {
  let original: SlipWindow | undefined;
  return {
    async afterStart(stack) {
      original = await slipSetting(stack);
      await setSlipSetting(stack, { ...original, closedFrom: null, closedTo: null });
    },
    async beforeStop(stack) {
      if (original) await setSlipSetting(stack, original);
    },
  };
}
