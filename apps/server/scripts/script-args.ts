// Tiny flag parser and database choice shared by the reliability scripts in this folder.
// `--name value` or `--name=value`; `--postgres` (or DATABASE_URL / TEST_DATABASE_URL set)
// runs against PostgreSQL: each run creates its own database there and drops it after.
import type { DialectName } from '../src/db/database';

export function flags(argv: readonly string[] = process.argv.slice(2)): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) out.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) out.set(name, argv[++i]!);
    else out.set(name, 'true');
  }
  return out;
}

export function intFlag(f: Map<string, string>, name: string, fallback: number): number {
  const raw = f.get(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number, got ${raw}`);
  return n;
}

/** The dialect to run on; for PostgreSQL, points TEST_DATABASE_URL at the server to use. */
export function chooseDialect(f: Map<string, string>): DialectName {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (f.get('db') === 'sqlite') return 'sqlite';
  if (f.has('postgres') || f.get('db') === 'postgres' || url) {
    if (!url) throw new Error('PostgreSQL needs DATABASE_URL or TEST_DATABASE_URL');
    process.env.TEST_DATABASE_URL = url;
    return 'postgres';
  }
  return 'sqlite';
}
