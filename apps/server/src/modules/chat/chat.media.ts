// Chat attachments' bytes (decision 0099): what a file is comes from its bytes, never its
// name or the client's content type; images are re-encoded (metadata stripped, anything
// hidden beside the pixels dropped: a polyglot comes out as a plain image) and given a
// thumbnail; videos are checked box by box and stored as sent.
//
// Images go through sharp (libvips, on libuv's thread pool, so the event loop keeps serving
// sockets meanwhile). Its loaders are narrowed to PNG, JPEG and GIF from memory: an SVG, a
// PDF or anything else libvips could read never reaches a decoder, whatever the bytes say.
import { chatAttachmentMaxBytes } from '@wallet/contract';
import sharp from 'sharp';
import type { StoredFileKind } from '../../ports/file-store';

sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: [
    'VipsForeignLoadPngBuffer',
    'VipsForeignLoadJpegBuffer',
    'VipsForeignLoadNsgifBuffer',
  ],
});
// Nothing is kept between uploads (each file is seen once).
sharp.cache(false);

export type ChatImageKind = 'png' | 'jpg' | 'gif';
export type ChatVideoKind = 'mp4' | 'mov';
export type ChatFileType = 'image' | 'video';

/** The spec's limits (section 5): 10 MB an image, 20 MB a video; the clients' rule's own. */
export const MAX_IMAGE_BYTES = chatAttachmentMaxBytes.image;
export const MAX_VIDEO_BYTES = chatAttachmentMaxBytes.video;

/** Pixels of one image or one GIF frame (as slips, decision 0043). */
export const MAX_PIXELS = 24_000_000;
/** Pixels of all a GIF's frames together. */
export const MAX_ANIMATION_PIXELS = 60_000_000;
/** The stored image's longest side: a phone photo is scaled down to it, never up. */
export const MAX_SIDE = 2048;
/** The thumbnail's longest side. */
export const THUMB_SIDE = 320;
/** A decode or encode taking longer than this is given up (a pixel flood). */
const TIMEOUT_S = 20;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * `ftyp` major brands accepted: ISO base media / MP4 (what phones and encoders write) and
 * QuickTime (`qt  `, an iPhone's .mov). 3GP, HEIF, AVIF, M4A and the rest are refused.
 */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
]);
const MOV_BRAND = 'qt  ';

/** What a file is by its first bytes: one of the chat's kinds, or undefined. */
export function sniffChatFile(data: Buffer): StoredFileKind | undefined {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  if (data.length >= 3 && data.subarray(0, 3).equals(JPEG_MAGIC)) return 'jpg';
  const head = data.toString('latin1', 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (data.length >= 16 && data.toString('latin1', 4, 8) === 'ftyp') {
    const brand = data.toString('latin1', 8, 12);
    if (brand === MOV_BRAND) return isoBoxesWellFormed(data) ? 'mov' : undefined;
    if (MP4_BRANDS.has(brand)) return isoBoxesWellFormed(data) ? 'mp4' : undefined;
  }
  return undefined;
}

export const fileTypeOf = (kind: StoredFileKind): ChatFileType =>
  kind === 'mp4' || kind === 'mov' ? 'video' : 'image';

/**
 * Do the top-level boxes of an MP4/QuickTime file run exactly to its end, with a movie
 * header among them? Each box is a 32-bit size (1: a 64-bit size follows; 0: to the end)
 * and a four-character type. A file with bytes after its last box (another file appended:
 * a polyglot), a box running past the end, or no `moov` is refused. Costs one pass over the
 * box headers, never the media.
 */
export function isoBoxesWellFormed(data: Buffer): boolean {
  let at = 0;
  let moov = false;
  let boxes = 0;
  while (at < data.length) {
    if (at + 8 > data.length || ++boxes > 10_000) return false;
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    let header = 8;
    if (size === 1) {
      if (at + 16 > data.length) return false;
      const big = data.readBigUInt64BE(at + 8);
      if (big > BigInt(data.length)) return false;
      size = Number(big);
      header = 16;
    } else if (size === 0) {
      size = data.length - at;
    }
    if (size < header || at + size > data.length) return false;
    if (type === 'moov') moov = true;
    at += size;
  }
  return moov;
}

export interface ReencodedImage {
  data: Buffer;
  kind: ChatImageKind;
  width: number;
  height: number;
  thumb: { data: Buffer; kind: 'png' | 'jpg' };
}

/** Why an image was refused: not the image it claims to be (broken), or too costly to read. */
export class ImageRefused extends Error {}

const SHARP_FORMAT: Record<ChatImageKind, string> = { png: 'png', jpg: 'jpeg', gif: 'gif' };

/**
 * Decodes a sniffed PNG, JPEG or GIF and writes it anew: the pixels (a GIF's frames, delays
 * and loop) and nothing else, no EXIF (a photo is turned upright first), no comments, no
 * text chunks, no trailing bytes. Larger than MAX_SIDE is scaled down. The thumbnail is
 * the first frame within THUMB_SIDE: JPEG for a JPEG, PNG otherwise (transparency kept).
 * Throws ImageRefused for a file that does not decode as its kind or is too large to.
 */
export async function reencodeImage(data: Buffer, kind: ChatImageKind): Promise<ReencodedImage> {
  const animated = kind === 'gif';
  const open = (input: Buffer, pages = animated) =>
    sharp(input, {
      failOn: 'error',
      animated: pages,
      limitInputPixels: pages ? MAX_ANIMATION_PIXELS : MAX_PIXELS,
    }).timeout({ seconds: TIMEOUT_S });
  try {
    const meta = await open(data).metadata();
    if (meta.format !== SHARP_FORMAT[kind]) throw new ImageRefused(`not ${kind}: ${meta.format}`);
    const frameHeight = meta.pageHeight ?? meta.height;
    if (!meta.width || !frameHeight || meta.width * frameHeight > MAX_PIXELS)
      throw new ImageRefused('too many pixels');
    const pipeline = open(data)
      .rotate() // EXIF orientation applied to the pixels, since the EXIF goes
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      kind === 'png'
        ? pipeline.png({ compressionLevel: 8 })
        : kind === 'jpg'
          ? pipeline.jpeg({ quality: 85 })
          : pipeline.gif({ loop: meta.loop ?? 0, ...(meta.delay ? { delay: meta.delay } : {}) });
    const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbKind = kind === 'jpg' ? 'jpg' : 'png';
    const thumbPipeline = open(out, false).resize(THUMB_SIDE, THUMB_SIDE, {
      fit: 'inside',
      withoutEnlargement: true,
    });
    const thumb = await (
      thumbKind === 'jpg' ? thumbPipeline.jpeg({ quality: 75 }) : thumbPipeline.png()
    ).toBuffer();
    return {
      data: out,
      kind,
      width: info.width,
      height: info.pageHeight ?? info.height,
      thumb: { data: thumb, kind: thumbKind },
    };
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    // libvips' own refusals (corrupt data, over the pixel limit, timeout) are the file's.
    throw new ImageRefused(error instanceof Error ? error.message : String(error));
  }
}
