// The decoding pool under hostile images (decision 0043): memory stays bounded while bombs
// are refused, a slow decode is ended at the time limit, and one member's uploads never
// hold up another member's slip. Figures are printed for the decision record.
import { generate } from 'promptparse';
import { afterEach, describe, expect, it } from 'vitest';
import { jpegWithFrame, pngInflateBomb, pngPixelFlood } from '../../../test/slip-bombs';
import { slipImage } from '../../../test/slip-support';
import type { QrRead } from './slips.image';
import { readQr } from './slips.image';
import { QrWorkerPool } from './slips.image-pool';

const query = { sendingBank: '014', transRef: '2026112201ABCDEF123456' };
const slipQr: QrRead = { kind: 'qr', text: generate.slipVerify(query) };
const MB = 1024 * 1024;

let pool: QrWorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** Samples the process's resident memory (worker threads included) while `work` runs. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

describe('QrWorkerPool', () => {
  it('reads a slip QR in a worker thread, the same as on the main thread', async () => {
    pool = new QrWorkerPool({ workers: 2, timeoutMs: 20_000 });
    const png = slipImage(query);
    const [a, b] = await Promise.all([
      pool.read(png, 'png', 'member:1'),
      pool.read(Buffer.from('junk'), 'png', 'member:1'),
    ]);
    expect(a).toEqual(readQr(png, 'png'));
    expect(a).toEqual(slipQr);
    expect(b).toEqual({ kind: 'undecodable' });
  });

  it(
    'refuses decompression bombs with the process memory bounded',
    { timeout: 120_000 },
    async () => {
      pool = new QrWorkerPool({ workers: 2, timeoutMs: 20_000 });
      const bombs = [
        // The reported case at 512 MiB: a 100 x 100 interlaced PNG (about 0.5 MB of file).
        await pngInflateBomb({ inflatedBytes: 512 * MB, interlaced: true }),
        await pngInflateBomb({ inflatedBytes: 512 * MB }),
        await pngInflateBomb({ inflatedBytes: 256 * MB, interlaced: true, idats: 10_000 }),
        jpegWithFrame(65_000, 65_000),
        jpegWithFrame(4_800, 4_800),
      ];
      // Start the workers first so the baseline includes them.
      expect(await pool.read(slipImage(query), 'png', 'warm-up')).toEqual(slipQr);
      const baseline = process.memoryUsage().rss;
      const { result, peak } = await peakRss(() =>
        Promise.all(
          bombs.map((bomb, i) => pool!.read(bomb, i < 3 ? 'png' : 'jpg', `member:${i % 2}`)),
        ),
      );
      const grewMb = Math.round((peak - baseline) / MB);
      console.log(
        `bombs: ${bombs.map((b) => `${Math.round(b.length / 1024)} KB`).join(', ')}; ` +
          `rss ${Math.round(baseline / MB)} MB -> peak ${Math.round(peak / MB)} MB (+${grewMb} MB)`,
      );
      expect(result).toEqual(bombs.map(() => ({ kind: 'undecodable' })));
      // Unbounded, the first bomb alone inflates to 512 MB.
      expect(grewMb).toBeLessThan(200);
    },
  );

  it(
    'ends a decode past the time limit as undecodable, and the next read gets a fresh worker',
    { timeout: 60_000 },
    async () => {
      pool = new QrWorkerPool({ workers: 1, timeoutMs: 500 });
      const flood = pngPixelFlood(4_800, 4_800); // 23 MP in 22 KB: seconds of CPU
      const started = Date.now();
      expect(await pool.read(flood, 'png', 'member:1')).toEqual({ kind: 'undecodable' });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await pool.read(slipImage(query), 'png', 'member:1')).toEqual(slipQr);
    },
  );

  it(
    "does not let one member's costly uploads starve another member's slip",
    { timeout: 120_000 },
    async () => {
      pool = new QrWorkerPool({ workers: 2, timeoutMs: 3_000 });
      const flood = pngPixelFlood(4_800, 4_800);
      const valid = slipImage(query);
      expect(await pool.read(valid, 'png', 'warm-up')).toEqual(slipQr);
      const done: string[] = [];
      const started = Date.now();
      const timed = (label: string, read: Promise<QrRead>) =>
        read.then((answer) => {
          done.push(label);
          return { answer, ms: Date.now() - started };
        });
      const bombs = [1, 2, 3].map((n) =>
        timed(`bomb ${n}`, pool!.read(Buffer.from(flood), 'png', 'member:attacker')),
      );
      // The victim uploads after all three are queued.
      const victim = await timed('victim', pool.read(valid, 'png', 'member:victim'));
      // Whatever the machine's load (a bomb may have timed out meanwhile), the attacker's
      // images are still queued behind it: at most one of them has been read.
      expect(done.filter((label) => label.startsWith('bomb')).length).toBeLessThanOrEqual(1);
      const attacker = await Promise.all(bombs);
      console.log(
        `fair pool: victim ${victim.ms} ms; attacker ${attacker.map((a) => a.ms).join(', ')} ms; ` +
          `order ${done.join(' < ')}`,
      );
      expect(victim.answer).toEqual(slipQr);
      // The victim is read beside the attacker's first image, not after all three (a time bound
      // would fail on a loaded machine: the order is the property).
      expect(done.indexOf('victim')).toBeLessThan(done.indexOf('bomb 2'));
      // The attacker's images still get their turn, one at a time.
      for (const a of attacker) expect(['no_qr', 'undecodable']).toContain(a.answer.kind);
    },
  );
});
