// Chat attachments for tests (decision 0099): images drawn with sharp, videos as bare ISO
// boxes (the server checks the boxes, never the media), and the hostile files it refuses.
import sharp from 'sharp';

/** A box: 32-bit size, four-character type, payload. */
export function isoBox(type: string, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** A minimal MP4 (`isom`) or QuickTime (`qt  `) file: ftyp, moov, mdat. */
export function videoFile(brand: 'isom' | 'mp42' | 'qt  ' | '3gp4' = 'isom', mediaBytes = 256) {
  const ftyp = isoBox('ftyp', Buffer.from(`${brand}\0\0\0\0${brand}`, 'latin1'));
  const moov = isoBox('moov', isoBox('mvhd', Buffer.alloc(100)));
  return Buffer.concat([ftyp, moov, isoBox('mdat', Buffer.alloc(mediaBytes, 7))]);
}

/** A gradient (so it does not compress to nothing) of the given size. */
export async function imageFile(
  kind: 'png' | 'jpg' | 'gif',
  width = 64,
  height = 48,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const p = i / 3;
    raw[i] = (p % width) & 0xff;
    raw[i + 1] = Math.floor(p / width) & 0xff;
    raw[i + 2] = 128;
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (kind === 'png') return image.png().toBuffer();
  if (kind === 'jpg') return image.jpeg().toBuffer();
  return image.gif().toBuffer();
}

/** An animated GIF of `frames` frames of 40 x 30, 100 ms each. */
export async function animatedGif(frames = 3): Promise<Buffer> {
  const w = 40;
  const h = 30;
  const raw = Buffer.alloc(w * h * frames * 4);
  for (let i = 0; i < raw.length; i += 4) {
    const frame = Math.floor(i / 4 / (w * h));
    raw.set([frame * 60, 100, 200, 255], i);
  }
  return sharp(raw, { raw: { width: w, height: h * frames, channels: 4, pageHeight: h } })
    .gif({ loop: 0, delay: Array<number>(frames).fill(100) })
    .toBuffer();
}

export const SCRIPT = '<script>alert(document.cookie)</script>';
export const HTML_PAGE = `<!doctype html><html><body><img src=x onerror=alert(1)>${SCRIPT}</body></html>`;

/**
 * A JPEG that is also other things: EXIF (orientation 6, a GPS-like description holding a
 * script), a comment segment with HTML, and an HTML page appended after its end.
 */
export async function polyglotJpeg(width = 40, height = 20): Promise<Buffer> {
  const base = await sharp(await imageFile('jpg', width, height))
    .withExif({ IFD0: { ImageDescription: SCRIPT, Make: 'SecretPhone' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  const text = Buffer.from(HTML_PAGE, 'latin1');
  const com = Buffer.alloc(4);
  com.writeUInt16BE(0xfffe, 0);
  com.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([base.subarray(0, 2), com, text, base.subarray(2), text]);
}

/** A PNG with a tEXt chunk holding HTML and a zip-like tail after IEND. */
export async function polyglotPng(): Promise<Buffer> {
  const base = await imageFile('png');
  const iend = base.length - 12;
  const body = Buffer.from(`Comment\0${HTML_PAGE}`, 'latin1');
  const chunk = Buffer.alloc(12 + body.length);
  chunk.writeUInt32BE(body.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  body.copy(chunk, 8);
  // The CRC is left zero: decoders that check it refuse the chunk, not the image.
  return Buffer.concat([
    base.subarray(0, iend),
    chunk,
    base.subarray(iend),
    Buffer.from(`PK\x03\x04${HTML_PAGE}`, 'latin1'),
  ]);
}

/** Files that claim to be something else by their name: none is an accepted chat file. */
export const HOSTILE_FILES: Record<string, Buffer> = {
  'exe as .png': Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)]),
  'svg as .png': Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">${SCRIPT}</svg>`,
  ),
  'html as .jpg': Buffer.from(HTML_PAGE),
  'webp as .png': Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'),
  '3gp as .mp4': videoFile('3gp4'),
  'mp4 with a zip appended': Buffer.concat([videoFile(), Buffer.from('PK\x03\x04junk')]),
  'mp4 without a movie header': Buffer.concat([
    isoBox('ftyp', Buffer.from('isom\0\0\0\0isom', 'latin1')),
    isoBox('mdat', Buffer.alloc(64)),
  ]),
};
