// Width and height read from built image files, for the artwork tests.

export const pngSize = (png: Buffer) => ({
  width: png.readUInt32BE(16),
  height: png.readUInt32BE(20),
});

/** Width and height from a baseline JPEG's SOF0 segment. */
export function jpegSize(jpg: Buffer) {
  for (let at = 2; at < jpg.length;) {
    const marker = jpg[at + 1]!;
    const length = jpg.readUInt16BE(at + 2);
    if (marker === 0xc0)
      return { width: jpg.readUInt16BE(at + 7), height: jpg.readUInt16BE(at + 5) };
    at += 2 + length;
  }
  throw new Error('no SOF0 segment');
}
