import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { getSetting, setSetting } from '../settings';

// Read from the database on every /api request (one primary-key lookup), so a flag set by
// one server process is seen by all of them at once; no in-process cache to go stale.
export async function isTerminated(db: Db): Promise<boolean> {
  return (await getSetting(db, 'terminated')) === 'gone';
}

export async function setTerminated(
  db: Db,
  clock: Clock,
  terminated: boolean,
): Promise<'gone' | null> {
  const value = terminated ? ('gone' as const) : null;
  await setSetting(db, clock, 'terminated', value);
  return value;
}
