// Stored slip images: which keys slips name (for the store's one orphan sweep,
// jobs/orphan-files.ts, decision 0028) and the purge of failed slips' images (0045).
// Named files are evidence and are kept.
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/database';
import { DAY_MS } from '../../lib/clock';
import * as repo from './slips.repository';

/** Which of `keys` a slip names (the orphan sweep keeps those). */
export function slipFileKeysNamed(db: Db, keys: readonly string[]): Promise<string[]> {
  return repo.fileKeysNamed(db, keys);
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
