// Files written whole or not at all: a temporary file beside the target, flushed to disk, then
// renamed over it (a rename within one folder is atomic), so a reader or a crash never sees
// half a file. Private: the file is 0600 and a folder made for it 0700.
import { chmod, lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Writes `text` to `file` atomically with mode 0600, making its folder (0700) if missing. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const dir = dirname(file);
  // Only folders this call creates get the mode; an existing one (./data) is left as it is.
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const temporary = join(dir, `.${basename(file)}.${process.pid}.tmp`);
  try {
    const handle = await open(temporary, 'w', PRIVATE_FILE_MODE);
    try {
      // A temporary file left by a crash keeps its old mode when reopened: set it again.
      await handle.chmod(PRIVATE_FILE_MODE);
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDir(dir);
}

/** Makes the rename itself durable; not every platform can open a folder, which is fine. */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    /* best effort */
  }
}

/**
 * Moves a file that cannot be used out of the way, as `<file>.corrupt-<time>`, and makes it
 * private (it may hold what the file held). Returns the new path. Only a regular file is
 * moved: a folder named by mistake (`./data`) stays where it is, and this throws.
 */
export async function moveAside(file: string, now: Date): Promise<string> {
  if (!(await lstat(file)).isFile()) throw new Error(`${file} is not a regular file`);
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  let target = `${file}.corrupt-${stamp}`;
  for (let n = 2; await exists(target); n += 1) target = `${file}.corrupt-${stamp}-${n}`;
  await rename(file, target);
  await chmod(target, PRIVATE_FILE_MODE).catch(() => undefined);
  return target;
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}
