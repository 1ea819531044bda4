// Group commit for SQLite (decision 0034). With `synchronous = FULL`, every COMMIT calls
// fsync inside better-sqlite3, on the one JavaScript thread: the whole server stops for
// each disk flush, one transaction at a time. Instead, a money transaction commits with
// `synchronous = NORMAL` (the WAL frames reach the OS, not yet the disk) and then waits
// here for an fsync of the WAL file that STARTS after its commit. That fsync runs on
// libuv's thread pool, so the server keeps working, and one fsync covers every commit
// made before it started. The caller answers only after it: an acknowledged transaction
// is on disk, as with FULL. A process crash (kill -9) loses nothing either way: committed
// frames are in the OS page cache.
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

export class WalFlusher {
  /** The fsync in progress. */
  private running: Promise<void> | undefined;
  /** The one fsync queued to start when the running one ends. */
  private queued: Promise<void> | undefined;
  flushes = 0;
  /** Times the WAL file was opened: once while it stays open (decision 0107). */
  opens = 0;
  /**
   * The WAL file, opened at the first flush and kept open: opening and closing it around
   * every fsync cost two more thread-pool round trips per flush (decision 0107). SQLite
   * keeps the same file (it truncates it, never replaces it) while this process's
   * connection is open; `close()` ends it with the database.
   */
  private handle: Promise<FileHandle> | undefined;
  private closed = false;

  constructor(private readonly walPath: string) {}

  /** Resolves once everything committed before this call is on disk. */
  flush(): Promise<void> {
    if (!this.running) {
      this.running = this.sync().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    // A flush already running may have started before our commit: wait for the next one.
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.flush();
      });
    return this.queued;
  }

  private async sync(): Promise<void> {
    this.flushes += 1;
    if (this.closed) throw new Error('the database is closed');
    // fsync flushes the file's dirty pages whichever descriptor wrote them.
    if (!this.handle) {
      this.opens += 1;
      this.handle = open(this.walPath, 'r');
    }
    const opened = this.handle;
    try {
      await (await opened).sync();
    } catch (error) {
      // Open it afresh next time (a failed open, or a descriptor gone bad).
      if (this.handle === opened) this.handle = undefined;
      void opened.then((h) => h.close()).catch(() => undefined);
      throw error;
    }
  }

  /** Closes the kept WAL file (with the database). */
  async close(): Promise<void> {
    this.closed = true;
    const opened = this.handle;
    this.handle = undefined;
    if (opened) await (await opened).close();
  }
}
