// Hostile slip images that cost far more to decode than their size suggests (decision 0043):
// PNG decompression bombs (an interlaced image, one huge IDAT, thousands of IDATs, each
// inflating far past what the header promises), pixel floods (a small file that decodes to
// the largest image we accept, which costs seconds of CPU), and their JPEG equivalents (a
// frame header claiming 65,000 x 65,000 pixels, or the largest accepted frame over a few
// bytes of scan data). Built by hand, streaming, so a test's own memory stays small.
import { crc32, createDeflate, deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { ADAM7 } from '../src/modules/slips/slips.image';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export interface PngHeaderInput {
  width: number;
  height: number;
  bitDepth?: number;
  /** 0 grey, 2 RGB, 6 RGBA. */
  colorType?: number;
  interlaced?: boolean;
}

/** A PNG file from its header and already-deflated image data split over `idats` chunks. */
export function pngFile(header: PngHeaderInput, deflated: Buffer, idats = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header.width, 0);
  ihdr.writeUInt32BE(header.height, 4);
  ihdr[8] = header.bitDepth ?? 8;
  ihdr[9] = header.colorType ?? 6;
  ihdr[12] = header.interlaced ? 1 : 0;
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
  ];
  const size = Math.ceil(deflated.length / idats);
  for (let at = 0; at < deflated.length; at += size)
    parts.push(chunk('IDAT', deflated.subarray(at, at + size)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** `bytes` zero bytes deflated, written 1 MiB at a time (never held whole). */
export async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const block = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= block.length) {
    const ok = deflate.write(left >= block.length ? block : block.subarray(0, left));
    if (!ok) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A 100 x 100 RGBA PNG whose image data inflates to `inflatedBytes` zeros (the header
 * promises 40,100 bytes, 40,919 interlaced): interlaced, or one huge IDAT, or `idats` chunks.
 */
export async function pngInflateBomb(options: {
  inflatedBytes: number;
  interlaced?: boolean;
  idats?: number;
}): Promise<Buffer> {
  const zeros = await deflatedZeros(options.inflatedBytes);
  return pngFile(
    { width: 100, height: 100, interlaced: options.interlaced ?? false },
    zeros,
    options.idats ?? 1,
  );
}

/** A valid greyscale PNG of `width` x `height` black pixels: a few KB, many megapixels. */
export function pngPixelFlood(width: number, height: number): Buffer {
  // Every row is filter 0 and zeros, which deflate alike: deflate one row block at a time.
  return pngFile({ width, height, colorType: 0 }, deflateSync(Buffer.alloc((width + 1) * height)));
}

/** A small valid baseline JPEG with its frame size changed to `width` x `height`. */
export function jpegWithFrame(width: number, height: number): Buffer {
  const small = jpeg.encode({ data: Buffer.alloc(16 * 16 * 4, 0x80), width: 16, height: 16 }, 80)
    .data as Buffer;
  const copy = Buffer.from(small);
  for (let at = 2; at + 9 < copy.length;) {
    if (copy[at] !== 0xff) break;
    const marker = copy[at + 1]!;
    const length = copy.readUInt16BE(at + 2);
    if (marker === 0xc0 || marker === 0xc2) {
      copy.writeUInt16BE(height, at + 5);
      copy.writeUInt16BE(width, at + 7);
      return copy;
    }
    at += 2 + length;
  }
  throw new Error('no frame header');
}

/** An honest interlaced RGBA PNG of a decoded image (pngjs writes only non-interlaced ones). */
export function interlacedPng(image: { width: number; height: number; data: Buffer }): Buffer {
  const rows: Buffer[] = [];
  for (const [x0, y0, dx, dy] of ADAM7) {
    if (image.width <= x0 || image.height <= y0) continue;
    for (let y = y0; y < image.height; y += dy) {
      const row: number[] = [0];
      for (let x = x0; x < image.width; x += dx) {
        const i = (y * image.width + x) * 4;
        row.push(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, image.data[i + 3]!);
      }
      rows.push(Buffer.from(row));
    }
  }
  return pngFile(
    { width: image.width, height: image.height, interlaced: true },
    deflateSync(Buffer.concat(rows)),
  );
}
