// Reading slip QRs off the event loop (decisions 0028, 0043): a decode is pure CPU (50-200 ms
// for a sandbox slip, 1-2 s for a phone photo), so it runs in worker threads and the server
// keeps answering meanwhile. Every decode is bounded:
// - memory: each worker has V8 resource limits, and slips.image.ts caps what a file may
//   inflate to from its header (the pixel buffers are outside the V8 heap);
// - time: a decode past `timeoutMs` ends its worker and reads as undecodable;
// - fairness: one decode per owner (member) at a time, owners served in turn, so one
//   member's uploads occupy at most one worker however many they send.
// A worker that runs out of memory or time is replaced on the next job; workers start on
// first use and never keep the process alive.
import { Worker } from 'node:worker_threads';
import type { ResourceLimits } from 'node:worker_threads';
import type { StoredFileKind } from '../../ports/file-store';
import type { QrRead } from './slips.image';

export interface QrPoolOptions {
  /** Worker threads (decodes at once). */
  workers: number;
  /** Longest decode; past it the worker is ended and the image reads as undecodable. */
  timeoutMs: number;
  resourceLimits?: ResourceLimits;
}

/** V8 heap of one decoding worker; the image buffers themselves are capped by slips.image.ts. */
export const WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  stackSizeMb: 4,
};

interface Job {
  owner: string;
  data: Buffer;
  kind: StoredFileKind;
  resolve: (read: QrRead) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | undefined;
  /** The worker has loaded its code (the time limit counts from then: start-up is ours). */
  ready: boolean;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
}

export class QrWorkerPool {
  private readonly slots: Slot[];
  /** Waiting jobs per owner; the map's order is the turn order. */
  private readonly waiting = new Map<string, Job[]>();
  private readonly busy = new Set<string>();
  private closed = false;

  constructor(private readonly options: QrPoolOptions) {
    this.slots = Array.from({ length: Math.max(1, options.workers) }, () => ({
      worker: undefined,
      ready: false,
      job: undefined,
      timer: undefined,
    }));
  }

  /** Reads the QR of an image for `owner` (the member), in turn with other owners. */
  read(data: Buffer, kind: StoredFileKind, owner: string): Promise<QrRead> {
    if (this.closed) return Promise.reject(new Error('QR worker pool closed'));
    return new Promise<QrRead>((resolve, reject) => {
      const queue = this.waiting.get(owner);
      const job = { owner, data, kind, resolve, reject };
      if (queue) queue.push(job);
      else this.waiting.set(owner, [job]);
      this.dispatch();
    });
  }

  /** Decodes running now and owners waiting (for tests and metrics). */
  stats(): { running: number; waitingOwners: number; waitingJobs: number } {
    let waitingJobs = 0;
    for (const queue of this.waiting.values()) waitingJobs += queue.length;
    return {
      running: this.slots.filter((s) => s.job).length,
      waitingOwners: this.waiting.size,
      waitingJobs,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('QR worker pool closed');
    for (const queue of this.waiting.values()) for (const job of queue) job.reject(error);
    this.waiting.clear();
    await Promise.all(
      this.slots.map(async (slot) => {
        const worker = slot.worker;
        slot.worker = undefined;
        this.finish(slot, (job) => job.reject(error));
        if (worker) await worker.terminate();
      }),
    );
  }

  /** Starts the next owner's next job on every free worker. */
  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.nextJob();
      if (!job) return;
      this.start(slot, job);
    }
  }

  /** The first owner in turn with no decode running gives up its oldest job and goes last. */
  private nextJob(): Job | undefined {
    for (const [owner, queue] of this.waiting) {
      if (this.busy.has(owner)) continue;
      const job = queue.shift()!;
      this.waiting.delete(owner);
      if (queue.length > 0) this.waiting.set(owner, queue);
      return job;
    }
    return undefined;
  }

  private start(slot: Slot, job: Job): void {
    this.busy.add(job.owner);
    slot.job = job;
    const worker = (slot.worker ??= this.spawn(slot));
    if (slot.ready) this.arm(slot, worker);
    // A copy (the caller keeps its buffer: it may be the file store's cached bytes),
    // handed over to the worker rather than copied again.
    const copy = new Uint8Array(job.data);
    worker.postMessage({ data: copy, kind: job.kind }, [copy.buffer]);
  }

  /** Starts the time limit of the slot's job. */
  private arm(slot: Slot, worker: Worker): void {
    slot.timer = setTimeout(() => {
      // Too long: end the worker (it may be stuck in a loop) and answer undecodable.
      slot.worker = undefined;
      void worker.terminate();
      this.finish(slot, (j) => j.resolve({ kind: 'undecodable' }));
    }, this.options.timeoutMs);
    slot.timer.unref();
  }

  /** Ends the slot's job (if any) with `settle`, frees its owner and starts what waits. */
  private finish(slot: Slot, settle: (job: Job) => void): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.job = undefined;
    if (!job) return;
    this.busy.delete(job.owner);
    settle(job);
    if (!this.closed) this.dispatch();
  }

  private spawn(slot: Slot): Worker {
    // The server runs its TypeScript through tsx; a worker thread does not inherit the
    // loader, so a small bootstrap registers tsx there and then loads the worker module.
    const entry = new URL('./slips.image.worker.ts', import.meta.url).href;
    const tsxApi = import.meta.resolve('tsx/esm/api');
    const worker = new Worker(
      `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
      { eval: true, resourceLimits: this.options.resourceLimits ?? WORKER_LIMITS },
    );
    worker.unref();
    slot.ready = false;
    worker.on('message', (answer: { ready?: true; read?: QrRead; error?: string }) => {
      if (slot.worker !== worker) return;
      if (answer.ready) {
        slot.ready = true;
        if (slot.job && !slot.timer) this.arm(slot, worker);
        return;
      }
      this.finish(slot, (job) =>
        answer.read
          ? job.resolve(answer.read)
          : job.reject(new Error(answer.error ?? 'QR worker failed')),
      );
    });
    const died = (error: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      // Out of memory is the image's doing (too costly to read); anything else is ours.
      const tooCostly = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.finish(slot, (job) =>
        tooCostly ? job.resolve({ kind: 'undecodable' }) : job.reject(error),
      );
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`QR worker exited with ${code}`)));
    return worker;
  }
}
