// slips.image's reading of large images: a 2400 x 3200 JPEG photo and a 1600 x 2400 PNG
// screenshot decoded and scanned in JavaScript take seconds, so the integration tier (issue 27).
// The small images' cases are in slips.image.test.ts.
import { generate } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { slipImage } from '../../../test/slip-support';
import { readQr } from './slips.image';

const query = { sendingBank: '014', transRef: '2026112201ABCDEF123456' };

describe('readQr on large images', () => {
  it('reads a large photo through the downscaled copy, and a small QR on a large image at full size', () => {
    const photo = slipImage(query, { format: 'jpg', width: 2400, height: 3200, scale: 24 });
    expect(readQr(photo, 'jpg')).toEqual({ kind: 'qr', text: generate.slipVerify(query) });
    const screenshot = slipImage(query, { width: 1600, height: 2400, scale: 3 });
    expect(readQr(screenshot, 'png')).toEqual({ kind: 'qr', text: generate.slipVerify(query) });
  }, 30_000);
});
