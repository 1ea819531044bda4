import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { generate } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { qrImage, slipImage } from '../../../test/slip-support';
import { createQrReader, downscale, readQr, sniffImage } from './slips.image';
import { QrWorker } from './slips.image-pool';
import { parseMiniQr } from './slips.rules';

const query = { sendingBank: '014', transRef: '2026112201ABCDEF123456' };

describe('sniffImage', () => {
  it('knows PNG and JPEG by their first bytes only', () => {
    expect(sniffImage(slipImage(query))).toBe('png');
    expect(sniffImage(slipImage(query, { format: 'jpg' }))).toBe('jpg');
    expect(sniffImage(Buffer.from('GIF89a....'))).toBeUndefined();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e]))).toBeUndefined();
    expect(sniffImage(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('readQr', () => {
  it('reads the mini-QR of a PNG and of a JPEG slip', () => {
    for (const format of ['png', 'jpg'] as const) {
      const read = readQr(slipImage(query, { format }), format);
      expect(read).toEqual({ kind: 'qr', text: generate.slipVerify(query) });
      if (read.kind === 'qr') expect(parseMiniQr(read.text)).toEqual(query);
    }
  });

  it('reads a large photo through the downscaled copy, and a small QR on a large image at full size', () => {
    const photo = slipImage(query, { format: 'jpg', width: 2400, height: 3200, scale: 24 });
    expect(readQr(photo, 'jpg')).toEqual({ kind: 'qr', text: generate.slipVerify(query) });
    const screenshot = slipImage(query, { width: 1600, height: 2400, scale: 3 });
    expect(readQr(screenshot, 'png')).toEqual({ kind: 'qr', text: generate.slipVerify(query) });
  }, 30_000);

  it('tells an undecodable image from one without a QR', () => {
    const png = slipImage(query);
    expect(readQr(png.subarray(0, 200), 'png')).toEqual({ kind: 'undecodable' });
    expect(readQr(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]), 'jpg')).toEqual({
      kind: 'undecodable',
    });
    const blank = new PNG({ width: 300, height: 300 });
    blank.data.fill(0xff);
    expect(readQr(PNG.sync.write(blank), 'png')).toEqual({ kind: 'no_qr' });
    const grey = jpeg.encode(
      { data: Buffer.alloc(200 * 200 * 4, 0x80), width: 200, height: 200 },
      80,
    );
    expect(readQr(grey.data, 'jpg')).toEqual({ kind: 'no_qr' });
  });

  it('refuses a decompression bomb from its header, before inflating it', () => {
    const png = slipImage(query);
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    expect(readQr(bomb, 'png')).toEqual({ kind: 'undecodable' });
  });

  it('reads a QR that is not a slip, which parseMiniQr then refuses', () => {
    const read = readQr(qrImage('https://example.com/not-a-slip'), 'png');
    expect(read).toEqual({ kind: 'qr', text: 'https://example.com/not-a-slip' });
    expect(parseMiniQr('https://example.com/not-a-slip')).toBeUndefined();
    // A PromptPay payment QR is EMVCo too, but not a slip-verify payload.
    expect(parseMiniQr(generate.anyId({ type: 'MSISDN', target: '0812345678' }))).toBeUndefined();
  });
});

describe('downscale', () => {
  it('averages blocks', () => {
    const data = new Uint8ClampedArray([
      0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255,
    ]);
    const out = downscale({ width: 2, height: 2, data }, 2);
    expect(out.width).toBe(1);
    expect(Array.from(out.data)).toEqual([128, 128, 128, 255]);
  });
});

describe('createQrReader', () => {
  it('reads each distinct file once and remembers a bounded number of them', async () => {
    const read = createQrReader(undefined, 2);
    const png = slipImage(query);
    const first = read(png, 'png', 'a');
    expect(await first).toEqual({ kind: 'qr', text: generate.slipVerify(query) });
    // Same digest: the remembered answer, whatever the bytes (the caller hashes them).
    expect(read(Buffer.from('junk'), 'png', 'a')).toBe(first);
    expect(await read(Buffer.from('junk'), 'png', 'b')).toEqual({ kind: 'undecodable' });
    expect(await read(Buffer.from('junk'), 'png', 'c')).toEqual({ kind: 'undecodable' });
    // 'a' was forgotten (capacity 2): read again from the bytes given.
    expect(await read(Buffer.from('junk'), 'png', 'a')).toEqual({ kind: 'undecodable' });
  });

  it('shares one read between racing callers and forgets a failed one', async () => {
    let calls = 0;
    let fail = true;
    const read = createQrReader(async () => {
      calls += 1;
      if (fail) throw new Error('worker crashed');
      return { kind: 'no_qr' } as const;
    });
    const racing = [1, 2, 3].map(() => read(Buffer.from('x'), 'png', 'same'));
    for (const r of racing) await expect(r).rejects.toThrow('worker crashed');
    expect(calls).toBe(1);
    fail = false;
    expect(await read(Buffer.from('x'), 'png', 'same')).toEqual({ kind: 'no_qr' });
    expect(calls).toBe(2);
  });
});

describe('QrWorker', () => {
  it('reads a slip QR in a worker thread, the same as on the main thread', async () => {
    const worker = new QrWorker();
    try {
      const png = slipImage(query);
      const [a, b] = await Promise.all([
        worker.read(png, 'png'),
        worker.read(Buffer.from('junk'), 'png'),
      ]);
      expect(a).toEqual(readQr(png, 'png'));
      expect(a).toEqual({ kind: 'qr', text: generate.slipVerify(query) });
      expect(b).toEqual({ kind: 'undecodable' });
    } finally {
      await worker.close();
    }
  });
});
