// The sandbox keeps its state across restarts, as the parties it plays would (decision 0126):
// one JSON file (SANDBOX_STATE_FILE, default ./data/sandbox-state.json) holding each store's
// snapshot(). Read once at start; written whole (temporary file + rename, mode 0600) at most
// once a second while something changes, and on close. A file that cannot be read is moved
// aside and the sandbox starts empty: it never refuses to start because of its own file.
import { readFile } from 'node:fs/promises';
import { moveAside, writeFileAtomic } from './lib/atomic-file.js';
import { BankStore, type BankSnapshot } from './parts/bank/index.js';
import { GameProviderStore, type GameProviderSnapshot } from './parts/game-provider/index.js';
import { GiftStore, type GiftSnapshot } from './parts/gift/index.js';
import { SmsStore, type SmsSnapshot } from './parts/sms/index.js';

export const STATE_FORMAT = 'wallet-sandbox-state';

/** The file's content. A part missing from it starts empty (a file from before that part). */
export interface SandboxSnapshot {
  format: typeof STATE_FORMAT;
  version: 1;
  savedAt: string;
  sms?: SmsSnapshot;
  gameProvider?: GameProviderSnapshot;
  bank?: BankSnapshot;
  gift?: GiftSnapshot;
}

/** The stores whose state the file keeps (fault switches, launch links, play sessions and
 * webhook deliveries are not kept: a restart ends them). */
export interface PersistedStores {
  sms: SmsStore;
  gameProvider: GameProviderStore;
  bank: BankStore;
  gift: GiftStore;
}

/** What happened to the state file, for the terminal (main.ts) or the app's log. */
export type StateEvent =
  | { type: 'loaded'; file: string; summary: string }
  | { type: 'missing'; file: string }
  | { type: 'movedAside'; file: string; movedTo: string | null; reason: string }
  | { type: 'writeFailed'; file: string; reason: string }
  | { type: 'writeRecovered'; file: string };

/** Empty stores, or the snapshot's; throws when a part's snapshot is not one. */
export function storesFrom(
  snapshot: SandboxSnapshot | undefined,
  now: () => Date,
): PersistedStores {
  return {
    sms: snapshot?.sms ? SmsStore.fromSnapshot(snapshot.sms, { now }) : new SmsStore({ now }),
    gameProvider: snapshot?.gameProvider
      ? GameProviderStore.fromSnapshot(snapshot.gameProvider, { now })
      : new GameProviderStore({ now }),
    bank: snapshot?.bank ? BankStore.fromSnapshot(snapshot.bank, { now }) : new BankStore({ now }),
    gift: snapshot?.gift ? GiftStore.fromSnapshot(snapshot.gift, { now }) : new GiftStore({ now }),
  };
}

export function snapshotOf(stores: PersistedStores, now: Date): SandboxSnapshot {
  return {
    format: STATE_FORMAT,
    version: 1,
    savedAt: now.toISOString(),
    sms: stores.sms.snapshot(),
    gameProvider: stores.gameProvider.snapshot(),
    bank: stores.bank.snapshot(),
    gift: stores.gift.snapshot(),
  };
}

/** Grows whenever any store changes what its snapshot holds. */
export function revisionOf(stores: PersistedStores): number {
  return (
    stores.sms.revision + stores.gameProvider.revision + stores.bank.revision + stores.gift.revision
  );
}

/** One line on what the file brought back, e.g. "2 game accounts, 1 QR charge, ...". */
export function summarize(stores: PersistedStores): string {
  const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  return [
    count(stores.gameProvider.listAccounts().length, 'game account'),
    count(stores.gameProvider.transferCount, 'game transfer'),
    count(stores.bank.qr.size, 'QR charge'),
    count(stores.bank.transfers.size, 'bank transfer'),
    count(stores.bank.payoutCount, 'payout'),
    count(stores.gift.size, 'gift voucher'),
    count(stores.sms.size, 'SMS', 'SMS'),
  ].join(', ');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The header and the parts' shape; the stores' fromSnapshot checks their own versions. */
function parseSnapshot(text: string): SandboxSnapshot {
  const value: unknown = JSON.parse(text);
  if (!isObject(value) || value.format !== STATE_FORMAT) {
    throw new Error(`not a sandbox state file (format is not "${STATE_FORMAT}")`);
  }
  if (value.version !== 1) throw new Error(`unknown state file version ${String(value.version)}`);
  for (const part of ['sms', 'gameProvider', 'bank', 'gift']) {
    if (value[part] !== undefined && !isObject(value[part])) {
      throw new Error(`"${part}" is not an object`);
    }
  }
  return value as unknown as SandboxSnapshot;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The stores the file holds. A missing file gives empty stores; a file that cannot be read,
 * parsed or restored is moved aside (`<file>.corrupt-<time>`) and gives empty stores too.
 */
export async function loadStores(
  file: string,
  options: { now: () => Date; onEvent: (event: StateEvent) => void },
): Promise<PersistedStores> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      options.onEvent({ type: 'missing', file });
      return storesFrom(undefined, options.now);
    }
    return setAside(file, error, options);
  }
  try {
    const stores = storesFrom(parseSnapshot(text), options.now);
    options.onEvent({ type: 'loaded', file, summary: summarize(stores) });
    return stores;
  } catch (error) {
    return setAside(file, error, options);
  }
}

async function setAside(
  file: string,
  error: unknown,
  options: { now: () => Date; onEvent: (event: StateEvent) => void },
): Promise<PersistedStores> {
  let movedTo: string | null = null;
  try {
    movedTo = await moveAside(file, options.now());
  } catch {
    // Left in place (a folder we cannot write to): the first write will say so too.
  }
  options.onEvent({ type: 'movedAside', file, movedTo, reason: reasonOf(error) });
  return storesFrom(undefined, options.now);
}

export interface StateWriterOptions {
  file: string;
  stores: PersistedStores;
  now: () => Date;
  onEvent: (event: StateEvent) => void;
  /** Shortest time between two writes (default 1 s). */
  intervalMs?: number;
}

/** A write takes at most about a tenth of the time: a big state is written less often. */
const WRITE_SHARE = 10;

/**
 * Writes the stores to the file when they changed: checked every intervalMs (a big state's
 * write widens the gap to ten times its own duration), and once more on close.
 */
export class StateFileWriter {
  private readonly intervalMs: number;
  private written: number;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private lastWriteMs = 0;
  private failing: string | null = null;
  private closed = false;

  constructor(private readonly options: StateWriterOptions) {
    this.intervalMs = options.intervalMs ?? 1000;
    // What was loaded is on disk already (or nothing is, and nothing needs to be).
    this.written = revisionOf(options.stores);
  }

  start(): void {
    this.schedule();
  }

  private schedule(): void {
    if (this.closed) return;
    const delay = Math.max(this.intervalMs, this.lastWriteMs * WRITE_SHARE);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().finally(() => this.schedule());
    }, delay);
    this.timer.unref();
  }

  /** Writes now if anything changed since the last write; never throws. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    const revision = revisionOf(this.options.stores);
    if (revision === this.written) return;
    this.writing = this.write(revision);
    try {
      await this.writing;
    } finally {
      this.writing = null;
    }
  }

  private async write(revision: number): Promise<void> {
    const { file, stores, now, onEvent } = this.options;
    const started = performance.now();
    try {
      // The snapshot is taken in one synchronous step, so every part is of the same moment.
      const text = JSON.stringify(snapshotOf(stores, now()));
      await writeFileAtomic(file, text);
      this.written = revision;
      this.lastWriteMs = performance.now() - started;
      if (this.failing !== null) {
        this.failing = null;
        onEvent({ type: 'writeRecovered', file });
      }
    } catch (error) {
      const reason = reasonOf(error);
      // Said once per reason, not every second; the next change tries again.
      if (reason !== this.failing) onEvent({ type: 'writeFailed', file, reason });
      this.failing = reason;
    }
  }

  /** Stops the timer and writes what changed since the last write. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}
