// A tiny RGBA canvas for the slip images: rectangles, bitmap text and QR modules, written
// out as PNG (pngjs) or JPEG (jpeg-js). Pure JS, no native code, no fonts on disk.

import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './bitmap-font.js';

export type Rgb = readonly [number, number, number];

export class Raster {
  readonly data: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.data = Buffer.alloc(width * height * 4);
    this.fillRect(0, 0, width, height, background);
  }

  fillRect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb): void {
    const x0 = Math.max(0, Math.floor(x));
    const y0 = Math.max(0, Math.floor(y));
    const x1 = Math.min(this.width, Math.floor(x + w));
    const y1 = Math.min(this.height, Math.floor(y + h));
    for (let py = y0; py < y1; py += 1) {
      let i = (py * this.width + x0) * 4;
      for (let px = x0; px < x1; px += 1) {
        this.data[i] = r;
        this.data[i + 1] = g;
        this.data[i + 2] = b;
        this.data[i + 3] = 255;
        i += 4;
      }
    }
  }

  /** Width in pixels of `text` at `scale` (one blank column between glyphs). */
  static textWidth(text: string, scale: number): number {
    return text.length === 0 ? 0 : (text.length * (GLYPH_WIDTH + 1) - 1) * scale;
  }

  static textHeight(scale: number): number {
    return GLYPH_HEIGHT * scale;
  }

  drawText(text: string, x: number, y: number, scale: number, color: Rgb): void {
    let cursor = x;
    for (const ch of text) {
      const rows = glyph(ch);
      rows.forEach((row, gy) =>
        row.forEach((ink, gx) => {
          if (ink) this.fillRect(cursor + gx * scale, y + gy * scale, scale, scale, color);
        }),
      );
      cursor += (GLYPH_WIDTH + 1) * scale;
    }
  }

  /** Draws text right-aligned so it ends at `right`. */
  drawTextRight(text: string, right: number, y: number, scale: number, color: Rgb): void {
    this.drawText(text, right - Raster.textWidth(text, scale), y, scale, color);
  }

  /**
   * Draws `text` as a QR code with `module`-pixel modules and a white quiet zone of
   * `quiet` modules around it. Returns the side length in pixels.
   */
  drawQr(text: string, x: number, y: number, module: number, quiet = 4): number {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const size = qr.modules.size;
    const side = (size + quiet * 2) * module;
    this.fillRect(x, y, side, side, [255, 255, 255]);
    for (let row = 0; row < size; row += 1) {
      for (let col = 0; col < size; col += 1) {
        if (qr.modules.get(row, col)) {
          this.fillRect(
            x + (col + quiet) * module,
            y + (row + quiet) * module,
            module,
            module,
            [0, 0, 0],
          );
        }
      }
    }
    return side;
  }

  toPng(): Buffer {
    const png = new PNG({ width: this.width, height: this.height });
    this.data.copy(png.data);
    // No per-row filter search: 2-3x faster for a flat-colour image, still small.
    return PNG.sync.write(png, { colorType: 2, filterType: 0 });
  }

  toJpeg(quality = 90): Buffer {
    return jpeg.encode({ data: this.data, width: this.width, height: this.height }, quality).data;
  }
}

/** Number of modules per side of the QR code `text` becomes (for layout). */
export function qrModuleCount(text: string): number {
  return QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size;
}
