// Reading a slip's QR off the event loop (decision 0028): a decode is pure CPU (50-200 ms
// for a sandbox slip, 1-2 s for a phone photo), so it runs in one worker thread, one image
// at a time, in arrival order; the server keeps answering meanwhile. The worker starts on
// first use, is restarted after a crash, and never keeps the process alive.
import { Worker } from 'node:worker_threads';
import type { StoredFileKind } from '../../ports/file-store';
import type { QrRead } from './slips.image';

interface Pending {
  resolve: (read: QrRead) => void;
  reject: (error: Error) => void;
}

export class QrWorker {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private next = 0;

  read(data: Buffer, kind: StoredFileKind): Promise<QrRead> {
    const id = ++this.next;
    const worker = this.ensure();
    return new Promise<QrRead>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // A copy: the caller keeps its buffer (it may be the file store's cached bytes).
      worker.postMessage({ id, data: new Uint8Array(data), kind });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    // The server runs its TypeScript through tsx; a worker thread does not inherit the
    // loader, so a small bootstrap registers tsx there and then loads the worker module.
    const entry = new URL('./slips.image.worker.ts', import.meta.url).href;
    const tsxApi = import.meta.resolve('tsx/esm/api');
    const worker = new Worker(
      `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
      { eval: true },
    );
    worker.unref();
    worker.on('message', (answer: { id: number; read?: QrRead; error?: string }) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.read) waiting.resolve(answer.read);
      else waiting.reject(new Error(answer.error ?? 'QR worker failed'));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`QR worker exited with ${code}`));
      else if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }
}
