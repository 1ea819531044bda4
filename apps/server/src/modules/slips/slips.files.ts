// Stored slip images no slip row names (decision 0028): an upload stores its image, then
// inserts its row. A crash between the two, or a failed clean-up after a failed insert,
// leaves the file with nothing pointing at it; a crash while writing it leaves a partial
// temporary file. Housekeeping removes both once they are older than the grace below, far
// longer than any upload takes, so a file whose row is about to be inserted is never
// touched. Named files are evidence and are kept.
import type { AppDeps } from '../../deps';
import { DAY_MS, HOUR_MS } from '../../lib/clock';
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

/** Failed slips looked at per run (the sweep runs hourly; more wait for the next run). */
const PURGE_LIMIT = 1_000;

/**
 * Removes the stored images of slips that failed more than `SLIP_FAILED_FILE_RETENTION_DAYS`
 * ago (decision 0045): an upload that failed verification is no evidence of a payment, and
 * each may be 10 MB. The row stays (rows are never deleted); `slip_file_purges` records the
 * removal, and the slip's image link then answers 404 NO_DATA. Credited slips, slips still
 * processing and slips held for review keep their images. Answers how many were removed.
 */
export async function purgeFailedSlipFiles(
  deps: Pick<AppDeps, 'db' | 'clock' | 'fileStore' | 'config'>,
  limit = PURGE_LIMIT,
): Promise<number> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - deps.config.slips.failedFileRetentionDays * DAY_MS);
  const due = await repo.failedWithFileBefore(deps.db, before.toISOString(), limit);
  for (const slip of due) {
    // File first: a crash between the two only makes the next run remove it again.
    await deps.fileStore.remove(slip.file_key);
    await repo.notePurged(deps.db, slip.id, now.toISOString());
  }
  return due.length;
}
