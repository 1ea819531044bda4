// The worker side of slips.image-pool.ts: reads the QR of one image per message, off the
// server's event loop (a 7 MP photo takes 1-2 s of CPU). The pool sends one job at a time.
import { parentPort } from 'node:worker_threads';
import type { StoredFileKind } from '../../ports/file-store';
import { readQr } from './slips.image';

parentPort?.on('message', (job: { data: Uint8Array; kind: StoredFileKind }) => {
  let answer;
  try {
    answer = {
      read: readQr(
        Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength),
        job.kind,
      ),
    };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});

// Loaded: the pool's time limit on a decode starts from here.
parentPort?.postMessage({ ready: true });
