// Stored files no row names (decisions 0028, 0099): the one sweep of the shared file store.
// Slip images and chat attachments live in the same store; each module whose rows name files
// answers, through its face's `fileKeys` (decision 0136), which of a list of keys its rows
// name, and a file named by none of them, older than the grace, is removed. An upload stores
// its file, then inserts its row: a crash between the two, or a failed clean-up after a failed
// insert, leaves a file nothing points at, and a crash while writing leaves a partial
// temporary file. The grace is far longer than any upload takes, so a file whose row is about
// to be inserted is never touched. A module whose rows stop naming a file (a chat attachment
// never sent, decision 0099) lets this sweep remove it.
import type { AppDeps } from '../deps';
import { HOUR_MS } from '../lib/clock';
import type { KeysNamed } from '../module-face';
import { modules } from '../modules';

export const ORPHAN_GRACE_MS = HOUR_MS;
/** Keys checked per run (the sweep runs hourly; more wait for the next run). */
const SWEEP_LIMIT = 1_000;
/** Keys per `in (...)` query. */
const CHUNK = 200;

/** What every module's face names (modules/index.ts, decision 0136): its `fileKeys`. */
export const moduleFileKeys = (): KeysNamed[] =>
  modules.flatMap((face) => (face.fileKeys ? [face.fileKeys] : []));

/**
 * Removes up to `limit` stored files that are older than the grace and named by none of
 * `namers`, and the leftovers of interrupted writes older than the grace; answers how many.
 */
export async function sweepOrphanFiles(
  deps: Pick<AppDeps, 'db' | 'clock' | 'fileStore'>,
  namers: readonly KeysNamed[],
  limit = SWEEP_LIMIT,
): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - ORPHAN_GRACE_MS);
  let removed = await deps.fileStore.removePartialWrites(before);
  const keys = await deps.fileStore.listStoredBefore(before, limit);
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const named = new Set<string>();
    for (const namer of namers) for (const key of await namer(deps.db, chunk)) named.add(key);
    for (const key of chunk) {
      if (named.has(key)) continue;
      await deps.fileStore.remove(key);
      removed += 1;
    }
  }
  return removed;
}
