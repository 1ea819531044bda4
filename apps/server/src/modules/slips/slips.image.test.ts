import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { generate } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { interlacedPng, jpegWithFrame, pngFile, pngInflateBomb } from '../../../test/slip-bombs';
import { qrImage, slipImage } from '../../../test/slip-support';
import { createQrReader, downscale, pngInflatedBytes, readQr, sniffImage } from './slips.image';
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

// Reading a large photo (millions of pixels decoded in JavaScript) is in the integration tier,
// slips.image.int.test.ts (issue 27).
describe('readQr', () => {
  it('reads the mini-QR of a PNG and of a JPEG slip', () => {
    for (const format of ['png', 'jpg'] as const) {
      const read = readQr(slipImage(query, { format }), format);
      expect(read).toEqual({ kind: 'qr', text: generate.slipVerify(query) });
      if (read.kind === 'qr') expect(parseMiniQr(read.text)).toEqual(query);
    }
  });

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

  it('reads an honest interlaced PNG (its data inflates to exactly what the header promises)', () => {
    const decoded = PNG.sync.read(slipImage(query));
    const interlaced = interlacedPng(decoded);
    expect(interlaced[28]).toBe(1);
    expect(readQr(interlaced, 'png')).toEqual({ kind: 'qr', text: generate.slipVerify(query) });
    // Odd sizes, where some Adam7 passes are empty.
    for (const [width, height] of [
      [1, 1],
      [3, 5],
      [9, 2],
    ] as const) {
      const tiny = interlacedPng({ width, height, data: Buffer.alloc(width * height * 4, 0xff) });
      expect(readQr(tiny, 'png')).toEqual({ kind: 'no_qr' });
    }
    expect(
      pngInflatedBytes({ width: 1, height: 1, bitDepth: 8, colorType: 6, interlaced: true }),
    ).toBe(5);
    expect(
      pngInflatedBytes({ width: 100, height: 100, bitDepth: 8, colorType: 6, interlaced: false }),
    ).toBe(40_100);
  });

  // Decision 0043: a 100 x 100 interlaced PNG whose data inflated to 2 GiB took the server
  // from 192 MB to 4.4 GB. Each bomb below is refused as undecodable (the slip then fails as
  // IMG_SIZE_UNABLE_TO_PROCESS) without its data ever being inflated past the header's size.
  it('refuses PNG decompression bombs: interlaced, one huge IDAT, many IDATs, 16-bit over the cap', async () => {
    const bombs = {
      interlaced: await pngInflateBomb({ inflatedBytes: 64 << 20, interlaced: true }),
      hugeIdat: await pngInflateBomb({ inflatedBytes: 64 << 20 }),
      manyIdats: await pngInflateBomb({ inflatedBytes: 64 << 20, interlaced: true, idats: 5000 }),
      // 5,000 x 4,000 is under the pixel cap, but 16-bit RGBA is 160 MB of inflated data.
      sixteenBit: pngFile(
        { width: 5000, height: 4000, bitDepth: 16, colorType: 6 },
        Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
      ),
      // A header that no PNG may have (bit depth 3).
      badHeader: pngFile({ width: 10, height: 10, bitDepth: 3 }, Buffer.alloc(0)),
    };
    for (const [name, bomb] of Object.entries(bombs)) {
      const started = Date.now();
      expect({ name, read: readQr(bomb, 'png') }).toEqual({ name, read: { kind: 'undecodable' } });
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('refuses JPEG bombs: a frame over the pixel cap, and a large frame over a few bytes', () => {
    for (const [width, height] of [
      [65_000, 65_000],
      [5_000, 5_000],
      // 23 MP is allowed, but not over 618 bytes: jpeg-js allocated ~390 MB for it first.
      [4_800, 4_800],
    ] as const) {
      const bomb = jpegWithFrame(width, height);
      expect(bomb.length).toBeLessThan(1000);
      const started = Date.now();
      expect(readQr(bomb, 'jpg')).toEqual({ kind: 'undecodable' });
      expect(Date.now() - started).toBeLessThan(200);
    }
    // The same file with its own small frame still decodes.
    expect(readQr(jpegWithFrame(16, 16), 'jpg')).toEqual({ kind: 'no_qr' });
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

  it("never shares a read between owners (nobody waits on a read queued behind another member's)", async () => {
    const owners: string[] = [];
    const read = createQrReader(async (_data, _kind, owner) => {
      owners.push(owner);
      return { kind: 'no_qr' } as const;
    });
    await Promise.all([
      read(Buffer.from('x'), 'png', 'same', 'member:1'),
      read(Buffer.from('x'), 'png', 'same', 'member:1'),
      read(Buffer.from('x'), 'png', 'same', 'member:2'),
    ]);
    expect(owners).toEqual(['member:1', 'member:2']);
  });
});
