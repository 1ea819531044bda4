// Reading a slip image on the server (decision 0027): magic bytes decide what a file is
// (never its name or the client's content type); PNG (pngjs) and JPEG (jpeg-js) decode in
// pure JS with a resolution cap (a decompression bomb is refused before it is inflated: the
// header's size caps the pixels, and a PNG's data is inflated first with the size its header
// promises as a hard limit, decision 0043);
// the QR is found with jsQR, on a downscaled copy first when the photo is large (fast,
// and a phone photo's QR is big enough), then at full size (a small mini-QR on a large
// screenshot).
import { inflateSync } from 'node:zlib';
import jsQRModule from 'jsqr';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { StoredFileKind } from '../../ports/file-store';
import { STORED_CONTENT_TYPES } from '../../ports/file-store';

// jsqr is a CommonJS bundle; depending on the loader its function is the default or .default.
type JsQr = typeof jsQRModule;
const jsQR: JsQr = (jsQRModule as unknown as { default?: JsQr }).default ?? jsQRModule;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** Beyond this many pixels an image is refused as IMG_SIZE_UNABLE_TO_PROCESS. */
export const MAX_PIXELS = 24_000_000;
/**
 * Beyond this many bytes of inflated PNG data an image is refused too (a 16-bit RGBA image
 * holds 8 bytes a pixel): what pngjs allocates stays near that of an 8-bit 24 MP image.
 */
const MAX_INFLATED_BYTES = MAX_PIXELS * 4 + 64 * 1024;
/** The longest side of the quick first look. */
const PREVIEW_SIDE = 1000;

/** What the file really is, by its first bytes; undefined for anything but PNG or JPEG. */
export function sniffImage(data: Buffer): 'png' | 'jpg' | undefined {
  if (data.length >= PNG_MAGIC.length && data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC))
    return 'png';
  if (data.length >= JPEG_MAGIC.length && data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC))
    return 'jpg';
  return undefined;
}

export const contentTypeOf = (kind: StoredFileKind): string => STORED_CONTENT_TYPES[kind];

interface Rgba {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/**
 * - qr: the text of the first QR code found;
 * - undecodable: not a readable image, or too large to process;
 * - no_qr: a readable image without a QR code we can read.
 */
export type QrRead = { kind: 'qr'; text: string } | { kind: 'undecodable' } | { kind: 'no_qr' };

interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
}

/** Samples per pixel of each PNG colour type. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const PNG_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** Adam7 passes: x0, y0, dx, dy. */
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function pngHeader(data: Buffer): PngHeader | undefined {
  // IHDR is the first chunk: length(4) type(4) width(4) height(4) depth colour compression
  // filter interlace (1 each).
  if (data.length < 33 || data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  const header = {
    width: data.readUInt32BE(16),
    height: data.readUInt32BE(20),
    bitDepth: data[24]!,
    colorType: data[25]!,
    interlaced: data[28] === 1,
  };
  if (!PNG_DEPTHS[header.colorType]?.includes(header.bitDepth) || data[28]! > 1) return undefined;
  return header;
}

/**
 * The exact size of a PNG's inflated image data, from its header: per row one filter byte
 * and the packed samples; an interlaced image is seven smaller images (Adam7).
 */
export function pngInflatedBytes(
  h: Pick<PngHeader, 'width' | 'height' | 'bitDepth' | 'colorType' | 'interlaced'>,
): number {
  const bits = PNG_CHANNELS[h.colorType]! * h.bitDepth;
  const rowBytes = (width: number) => Math.ceil((width * bits) / 8) + 1;
  if (!h.interlaced) return rowBytes(h.width) * h.height;
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = h.width > x0 ? Math.ceil((h.width - x0) / dx) : 0;
    const rows = h.height > y0 ? Math.ceil((h.height - y0) / dy) : 0;
    if (w > 0 && rows > 0) total += rowBytes(w) * rows;
  }
  return total;
}

/** The concatenated IDAT payloads; undefined when a chunk runs past the end of the file. */
function idatData(data: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = PNG_MAGIC.length;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > data.length) return undefined;
    if (type === 'IDAT') parts.push(data.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at = end;
  }
  return parts.length > 0 ? Buffer.concat(parts) : undefined;
}

/**
 * Does the image data inflate to no more than its header promises? pngjs inflates an
 * interlaced image with no output limit (a 2 MB file of deflated zeros became 2 GiB), so
 * every PNG is inflated here first with the header's size as a hard cap: a bomb stops as
 * soon as it passes the cap, at a cost of kilobytes.
 */
function inflatesWithinHeader(data: Buffer, header: PngHeader): boolean {
  const compressed = idatData(data);
  if (!compressed) return false;
  try {
    inflateSync(compressed, { maxOutputLength: pngInflatedBytes(header) });
    return true;
  } catch {
    return false;
  }
}

/** The frame size of a JPEG (its first SOF segment), without decoding anything. */
function jpegFrame(data: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return at + 9 <= data.length
        ? { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) }
        : undefined;
    if (marker === 0xda || marker === 0xd9) return undefined; // scan or end before a frame
    at += 2 + data.readUInt16BE(at + 2);
  }
  return undefined;
}

/**
 * Can a JPEG of this size hold its frame? Every 8 x 8 block of the first component costs at
 * least one bit (its DC code), so a file with fewer bits than luma blocks cannot be a whole
 * image: it is a frame header promising megapixels over a few bytes (jpeg-js would allocate
 * the whole frame, about 390 MB for 23 MP, before finding the data missing).
 */
function jpegCanHoldFrame(data: Buffer, frame: { width: number; height: number }): boolean {
  return Math.ceil(frame.width / 8) * Math.ceil(frame.height / 8) <= data.length * 8;
}

function decodePixels(data: Buffer, kind: StoredFileKind): Rgba | undefined {
  try {
    if (kind === 'png') {
      const header = pngHeader(data);
      if (!header || header.width === 0 || header.height === 0) return undefined;
      if (header.width * header.height > MAX_PIXELS) return undefined;
      if (pngInflatedBytes(header) > MAX_INFLATED_BYTES) return undefined;
      if (!inflatesWithinHeader(data, header)) return undefined;
      const png = PNG.sync.read(data);
      return {
        width: png.width,
        height: png.height,
        data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
      };
    }
    const frame = jpegFrame(data);
    if (!frame || frame.width === 0 || frame.height === 0) return undefined;
    if (frame.width * frame.height > MAX_PIXELS || !jpegCanHoldFrame(data, frame)) return undefined;
    const image = jpeg.decode(data, {
      useTArray: true,
      formatAsRGBA: true,
      tolerantDecoding: true,
      maxResolutionInMP: MAX_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 256,
    });
    if (image.width === 0 || image.height === 0) return undefined;
    return {
      width: image.width,
      height: image.height,
      data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length),
    };
  } catch {
    return undefined;
  }
}

/** Box-filter downscale by an integer factor (averages each factor x factor block). */
export function downscale(image: Rgba, factor: number): Rgba {
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const out = new Uint8ClampedArray(width * height * 4);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < factor; dy++) {
        let i = ((y * factor + dy) * image.width + x * factor) * 4;
        for (let dx = 0; dx < factor; dx++, i += 4) {
          r += image.data[i]!;
          g += image.data[i + 1]!;
          b += image.data[i + 2]!;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = r / area;
      out[o + 1] = g / area;
      out[o + 2] = b / area;
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}

function find(image: Rgba): string | undefined {
  if (image.width < 21 || image.height < 21) return undefined;
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  return code && code.data.length > 0 ? code.data : undefined;
}

/** Finds the QR code on a PNG or JPEG image. CPU-bound: callers cap how many run at once. */
export function readQr(data: Buffer, kind: StoredFileKind): QrRead {
  const image = decodePixels(data, kind);
  if (!image) return { kind: 'undecodable' };
  const side = Math.max(image.width, image.height);
  if (side > PREVIEW_SIDE * 1.5) {
    const quick = find(downscale(image, Math.ceil(side / PREVIEW_SIDE)));
    if (quick) return { kind: 'qr', text: quick };
  }
  const full = find(image);
  return full ? { kind: 'qr', text: full } : { kind: 'no_qr' };
}

/**
 * QR reads with a small memory of recent results by the file's SHA-256: the same bytes always
 * hold the same QR, and the same slip uploaded again (a double tap, a retry with a new key,
 * 20 racing uploads) is then read once instead of each time; racing reads share one. The
 * memory is per owner (member), so nobody ever waits on a read queued behind another
 * member's uploads. `decode` does the reading (the worker pool of slips.image-pool.ts on the
 * server).
 */
export function createQrReader(
  decode: (data: Buffer, kind: StoredFileKind, owner: string) => Promise<QrRead> = (data, kind) =>
    Promise.resolve(readQr(data, kind)),
  capacity = 256,
) {
  const recent = new Map<string, Promise<QrRead>>();
  return (data: Buffer, kind: StoredFileKind, sha256: string, owner = ''): Promise<QrRead> => {
    const key = `${owner}:${kind}:${sha256}`;
    const known = recent.get(key);
    if (known) return known;
    const read = decode(data, kind, owner);
    recent.set(key, read);
    // A failed read (the worker crashed) is not remembered: the next upload tries again.
    read.catch(() => recent.delete(key));
    if (recent.size > capacity) recent.delete(recent.keys().next().value!);
    return read;
  };
}
