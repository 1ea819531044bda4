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
