import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { validate } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { TransferStore, type TransferRequest } from './bank-transfers.store.js';
import {
  QR_MODULE_PX,
  SLIP_WIDTH,
  renderSlip,
  slipDate,
  slipQrPayload,
} from './bank.slip-image.js';

function transfer(change: Partial<TransferRequest> = {}) {
  const store = new TransferStore(() => new Date(Date.UTC(2026, 10, 22, 4, 5, 0)));
  const result = store.make({
    from: { bankCode: 'KBANK', accountNo: '1234567890', name: 'SOMCHAI JAIDEE' },
    to: { bankCode: 'SCB', accountNo: '4061234567', name: 'ROYAL WALLET CO LTD' },
    amount: 150_075,
    ...change,
  });
  if (result.type !== 'made') throw new Error('not made');
  return result.transfer;
}

/** What the server does with an upload: decode the image, find the QR, read the mini-QR. */
function readMiniQr(rgba: Uint8Array, width: number, height: number) {
  const code = jsQR(
    new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.byteLength),
    width,
    height,
  );
  return code === null ? null : validate.slipVerify(code.data);
}

describe('slip images', () => {
  it('a PNG whose mini-QR jsqr reads back as { sendingBank, transRef }', () => {
    const t = transfer();
    const png = renderSlip(t, 'png');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const image = PNG.sync.read(png);
    expect(image.width).toBe(SLIP_WIDTH);
    expect(readMiniQr(image.data, image.width, image.height)).toEqual({
      sendingBank: '004',
      transRef: t.transRef,
    });
  });

  it('a JPEG whose mini-QR survives the compression', () => {
    const t = transfer({ from: { bankCode: 'BBL', accountNo: '9876543210', name: 'A B' } });
    const jpg = renderSlip(t, 'jpeg');
    expect([...jpg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const image = jpeg.decode(jpg, { useTArray: true });
    expect(readMiniQr(image.data, image.width, image.height)).toEqual({
      sendingBank: '002',
      transRef: t.transRef,
    });
  });

  it('draws long and non-Latin names without breaking the QR', () => {
    const t = transfer({
      from: { bankCode: 'UNKNOWNBANK', accountNo: '123456', name: 'สมชาย ใจดี'.repeat(8) },
      to: { bankCode: 'KBANK', accountNo: '0408123456', name: 'X'.repeat(100) },
    });
    const image = PNG.sync.read(renderSlip(t, 'png'));
    expect(readMiniQr(image.data, image.width, image.height)).toEqual({
      sendingBank: '999',
      transRef: t.transRef,
    });
  });

  it('prints the mini-QR payload with a valid CRC, big modules, and the Bangkok time', () => {
    const t = transfer();
    expect(validate.slipVerify(slipQrPayload(t))).toEqual({
      sendingBank: '004',
      transRef: t.transRef,
    });
    expect(QR_MODULE_PX).toBeGreaterThanOrEqual(8);
    expect(slipDate('2026-11-22T17:05:00.000Z')).toBe('23 NOV 2026 00:05');
  });
});
