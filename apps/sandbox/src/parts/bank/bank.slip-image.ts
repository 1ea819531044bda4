// The slip a banking app shows after a transfer, as a PNG or JPEG: a white card with the
// bank, date, names, amount and reference, and the bank's mini-QR (the PromptPay slip-verify
// payload of sendingBank + transRef) that slip-verification services read. The QR uses
// 8-pixel modules and a 4-module quiet zone so it decodes after JPEG compression.
// Text is drawn with the built-in 5x7 font (ASCII; other characters print as '?').

import { formatBaht, satangToBaht } from '@wallet/contract';
import { slipVerify } from 'promptparse/generate';
import { Raster, qrModuleCount, type Rgb } from '../../lib/raster.js';
import { maskAccountNo, type Transfer } from './bank-transfers.store.js';

export const SLIP_WIDTH = 480;
export const QR_MODULE_PX = 8;
const QUIET_MODULES = 4;
const MARGIN = 24;
/** Where the mini-QR starts; the text block above ends by y = 490. */
const QR_TOP = 510;

const bankColours: Record<string, Rgb> = {
  KBANK: [0, 140, 70],
  SCB: [78, 42, 132],
  BBL: [30, 66, 155],
  KTB: [0, 130, 200],
  TMB: [0, 82, 155],
  TTB: [0, 82, 155],
  BAY: [150, 115, 0],
  GSB: [205, 20, 120],
  KKP: [90, 80, 160],
};
const INK: Rgb = [27, 31, 36];
const MUTED: Rgb = [96, 104, 114];
const LINE: Rgb = [217, 221, 227];
const WHITE: Rgb = [255, 255, 255];

/** The mini-QR text printed on the slip. */
export function slipQrPayload(transfer: Pick<Transfer, 'sendingBank' | 'transRef'>): string {
  return slipVerify({ sendingBank: transfer.sendingBank, transRef: transfer.transRef });
}

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** `22 NOV 2026 11:05` in Bangkok time (UTC+7), as Thai slips print local time. */
export function slipDate(iso: string): string {
  const d = new Date(Date.parse(iso) + 7 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The largest scale (3, then 2) at which `text` fits `width`, cut with '..' if even 2 fails. */
function fit(text: string, width: number): { text: string; scale: number } {
  for (const scale of [3, 2]) {
    if (Raster.textWidth(text, scale) <= width) return { text, scale };
  }
  const chars = Math.floor((width / 2 + 1) / 6) - 2;
  return { text: `${text.slice(0, chars)}..`, scale: 2 };
}

export function renderSlip(transfer: Transfer, format: 'png' | 'jpeg'): Buffer {
  const payload = slipQrPayload(transfer);
  const qrSide = (qrModuleCount(payload) + QUIET_MODULES * 2) * QR_MODULE_PX;
  const height = QR_TOP + qrSide + 56;
  const img = new Raster(SLIP_WIDTH, height, [236, 239, 243]);
  const inner = SLIP_WIDTH - MARGIN * 2;
  img.fillRect(8, 8, SLIP_WIDTH - 16, height - 16, WHITE);

  // Header band in the sending bank's colour.
  const colour = bankColours[transfer.sender.bankCode] ?? [60, 70, 80];
  img.fillRect(8, 8, SLIP_WIDTH - 16, 96, colour);
  img.drawText(transfer.sender.bankCode.slice(0, 12), MARGIN, 28, 4, WHITE);
  img.drawText('TRANSFER SUCCESSFUL', MARGIN, 72, 2, WHITE);

  let y = 124;
  img.drawText(slipDate(transfer.transferredAt), MARGIN, y, 2, MUTED);
  y += 36;

  const party = (label: string, name: string, bankCode: string, accountNo: string) => {
    img.drawText(label, MARGIN, y, 2, MUTED);
    y += 24;
    const fitted = fit(name || '-', inner);
    img.drawText(fitted.text, MARGIN, y, fitted.scale, INK);
    y += Raster.textHeight(fitted.scale) + 10;
    img.drawText(`${bankCode} ${maskAccountNo(accountNo)}`, MARGIN, y, 2, INK);
    y += 34;
  };
  party('FROM', transfer.sender.name, transfer.sender.bankCode, transfer.sender.accountNo);
  party('TO', transfer.receiver.name, transfer.receiver.bankCode, transfer.receiver.accountNo);

  img.fillRect(MARGIN, y, inner, 2, LINE);
  y += 16;
  img.drawText('AMOUNT', MARGIN, y, 2, MUTED);
  y += 24;
  const amount = `${formatBaht(satangToBaht(transfer.amount))} THB`;
  img.drawText(amount, MARGIN, y, Raster.textWidth(amount, 4) <= inner ? 4 : 3, INK);
  y += 44;
  img.drawText('FEE 0.00 THB', MARGIN, y, 2, MUTED);
  y += 30;
  img.drawText('REF', MARGIN, y, 2, MUTED);
  img.drawTextRight(transfer.transRef, SLIP_WIDTH - MARGIN, y, 2, INK);
  y += 30;
  img.fillRect(MARGIN, y, inner, 2, LINE);

  // The mini-QR, centred, at a fixed offset so the layout above never overlaps it.
  const qrTop = QR_TOP;
  img.drawQr(payload, (SLIP_WIDTH - qrSide) / 2, qrTop, QR_MODULE_PX, QUIET_MODULES);
  const caption = 'SCAN TO VERIFY';
  img.drawText(
    caption,
    (SLIP_WIDTH - Raster.textWidth(caption, 2)) / 2,
    qrTop + qrSide + 4,
    2,
    MUTED,
  );
  const footer = 'SANDBOX - NOT A REAL SLIP';
  img.drawText(footer, (SLIP_WIDTH - Raster.textWidth(footer, 1)) / 2, height - 22, 1, MUTED);

  return format === 'png' ? img.toPng() : img.toJpeg(90);
}
