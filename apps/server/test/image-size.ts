// Width and height read from built image files, for the artwork tests.

export const pngSize = (png: Buffer) => ({
  width: png.readUInt32BE(16),
  height: png.readUInt32BE(20),
});

/**
 * Width and height from a JPEG's start-of-frame segment: SOF0 (baseline), SOF2 (progressive,
 * what mozjpeg writes) or another SOFn (0xc0-0xcf but DHT 0xc4, JPG 0xc8 and DAC 0xcc).
 */
export function jpegSize(jpg: Buffer) {
  for (let at = 2; at < jpg.length;) {
    const marker = jpg[at + 1]!;
    const length = jpg.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { width: jpg.readUInt16BE(at + 7), height: jpg.readUInt16BE(at + 5) };
    at += 2 + length;
  }
  throw new Error('no SOF segment');
}

/**
 * Width, height and whether it has an alpha channel, from a WebP's first chunk: VP8X (the
 * extended form sharp writes for a picture with alpha: 24-bit sizes less one, flag 0x10),
 * VP8 (lossy: 14-bit sizes after the frame's start code) or VP8L (lossless: 14-bit sizes less
 * one, packed).
 */
export function webpSize(webp: Buffer) {
  if (webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP')
    throw new Error('not a WebP');
  const chunk = webp.toString('latin1', 12, 16);
  if (chunk === 'VP8X')
    return {
      width: webp.readUIntLE(24, 3) + 1,
      height: webp.readUIntLE(27, 3) + 1,
      alpha: (webp[20]! & 0x10) !== 0,
    };
  if (chunk === 'VP8 ')
    return {
      width: webp.readUInt16LE(26) & 0x3fff,
      height: webp.readUInt16LE(28) & 0x3fff,
      alpha: false,
    };
  if (chunk === 'VP8L') {
    const bits = webp.readUInt32LE(21);
    return {
      width: (bits & 0x3fff) + 1,
      height: ((bits >> 14) & 0x3fff) + 1,
      alpha: ((bits >> 28) & 1) === 1,
    };
  }
  throw new Error(`unknown WebP chunk ${chunk}`);
}
