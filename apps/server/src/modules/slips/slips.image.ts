// Reading a slip image on the server (decision 0027): magic bytes decide what a file is
// (never its name or the client's content type); PNG (pngjs) and JPEG (jpeg-js) decode in
// pure JS with a resolution cap (a decompression bomb is refused before it is inflated);
// the QR is found with jsQR, on a downscaled copy first when the photo is large (fast,
// and a phone photo's QR is big enough), then at full size (a small mini-QR on a large
// screenshot).
import jsQRModule from 'jsqr';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { StoredFileKind } from '../../ports/file-store';

// jsqr is a CommonJS bundle; depending on the loader its function is the default or .default.
type JsQr = typeof jsQRModule;
const jsQR: JsQr = (jsQRModule as unknown as { default?: JsQr }).default ?? jsQRModule;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** Beyond this many pixels an image is refused as IMG_SIZE_UNABLE_TO_PROCESS. */
export const MAX_PIXELS = 24_000_000;
/** The longest side of the quick first look. */
const PREVIEW_SIDE = 1000;

/** What the file really is, by its first bytes; undefined for anything but PNG or JPEG. */
export function sniffImage(data: Buffer): StoredFileKind | undefined {
  if (data.length >= PNG_MAGIC.length && data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC))
    return 'png';
  if (data.length >= JPEG_MAGIC.length && data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC))
    return 'jpg';
  return undefined;
}

export const contentTypeOf = (kind: StoredFileKind): string =>
  kind === 'png' ? 'image/png' : 'image/jpeg';

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

function pngSize(data: Buffer): { width: number; height: number } | undefined {
  // IHDR is the first chunk: length(4) type(4) width(4) height(4).
  if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function decodePixels(data: Buffer, kind: StoredFileKind): Rgba | undefined {
  try {
    if (kind === 'png') {
      const size = pngSize(data);
      if (!size || size.width === 0 || size.height === 0) return undefined;
      if (size.width * size.height > MAX_PIXELS) return undefined;
      const png = PNG.sync.read(data);
      return {
        width: png.width,
        height: png.height,
        data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
      };
    }
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
 * 20 racing uploads) is then read once instead of each time; racing reads share one.
 * `decode` does the reading (the worker of slips.image-pool.ts on the server).
 */
export function createQrReader(
  decode: (data: Buffer, kind: StoredFileKind) => Promise<QrRead> = (data, kind) =>
    Promise.resolve(readQr(data, kind)),
  capacity = 256,
) {
  const recent = new Map<string, Promise<QrRead>>();
  return (data: Buffer, kind: StoredFileKind, sha256: string): Promise<QrRead> => {
    const key = `${kind}:${sha256}`;
    const known = recent.get(key);
    if (known) return known;
    const read = decode(data, kind);
    recent.set(key, read);
    // A failed read (the worker crashed) is not remembered: the next upload tries again.
    read.catch(() => recent.delete(key));
    if (recent.size > capacity) recent.delete(recent.keys().next().value!);
    return read;
  };
}
