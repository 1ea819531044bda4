// Files that hold the database or copies of it are the server's alone (decision 0118): the
// SQLite database, its -wal and -shm, backups, restore copies and PostgreSQL dumps are 0600,
// the folders the server creates for them 0700, like the file store's (0099). A file is
// created with its mode (never world-readable for a moment) and an existing one is narrowed.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates the folder (and its parents) 0700 when missing; an existing one is left as it is. */
export function privateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Creates `path` empty with mode 0600 when missing, else narrows it to 0600. */
export function privateFile(path: string): void {
  if (existsSync(path)) {
    chmodSync(path, PRIVATE_FILE_MODE);
    return;
  }
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
}

/** Narrows an existing file to 0600 (nothing when it does not exist). */
export function narrowIfExists(path: string): void {
  if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
}

/**
 * A SQLite database file and its companions: the file is created (or narrowed) 0600 before
 * SQLite opens it, so the -wal and -shm files SQLite creates take the same mode; companions
 * left by an older release are narrowed too.
 */
export function privateSqliteFiles(path: string): void {
  privateFile(path);
  for (const suffix of ['-wal', '-shm', '-journal']) narrowIfExists(`${path}${suffix}`);
}
