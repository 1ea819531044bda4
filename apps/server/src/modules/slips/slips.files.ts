// Stored slip images no slip row names (decision 0028): an upload stores its image, then
// inserts its row. A crash between the two, or a failed clean-up after a failed insert,
// leaves the file with nothing pointing at it; a crash while writing it leaves a partial
// temporary file. Housekeeping removes both once they are older than the grace below, far
// longer than any upload takes, so a file whose row is about to be inserted is never
// touched. Named files are evidence and are kept.
import type { AppDeps } from '../../deps';
import { HOUR_MS } from '../../lib/clock';
import * as repo from './slips.repository';

export const ORPHAN_GRACE_MS = HOUR_MS;
/** Keys checked per run (the sweep runs hourly; more wait for the next run). */
const SWEEP_LIMIT = 1_000;
/** Keys per `in (...)` query. */
const CHUNK = 200;

/**
 * Removes up to `limit` stored files that are older than the grace and named by no slip,
 * and the leftovers of interrupted writes older than the grace; answers how many.
 */
export async function sweepOrphanFiles(
  deps: Pick<AppDeps, 'db' | 'clock' | 'fileStore'>,
  limit = SWEEP_LIMIT,
): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - ORPHAN_GRACE_MS);
  let removed = await deps.fileStore.removePartialWrites(before);
  const keys = await deps.fileStore.listStoredBefore(before, limit);
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const named = new Set(await repo.fileKeysNamed(deps.db, chunk));
    for (const key of chunk) {
      if (named.has(key)) continue;
      await deps.fileStore.remove(key);
      removed += 1;
    }
  }
  return removed;
}
