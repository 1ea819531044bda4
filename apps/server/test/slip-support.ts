// Slip test support: real slip images (PNG or JPEG) carrying a real bank mini-QR
// (promptparse's slip-verify payload, drawn with the qrcode package), transfers the
// in-memory bank knows, and multipart uploads built by hand (so tests can also send
// broken ones).
import { randomBytes, randomUUID } from 'node:crypto';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { generate } from 'promptparse';
import QRCode from 'qrcode';
import type { LightMyRequestResponse } from 'fastify';
import { MINUTE_MS } from '../src/lib/clock';
import type { VerifiedSlip } from '../src/ports/slip-verifier';
import type { TestApp } from './helpers';

/**
 * A daily closed window for the slip setting, placed relative to `at` in Bangkok time
 * (minutes from `at`; it may wrap midnight). A test that needs uploads open puts it far from
 * now: a fixed window such as the demo's 23:50-00:10 refused the audit walker's upload when
 * CI ran at 23:59 Bangkok time.
 */
export function closedWindowFrom(
  at: Date,
  fromMinutes: number,
  toMinutes: number,
): { closedFrom: string; closedTo: string } {
  const bangkok = at.getTime() + 7 * 60 * MINUTE_MS;
  const hhmm = (minutes: number) =>
    new Date(bangkok + minutes * MINUTE_MS).toISOString().slice(11, 16);
  return { closedFrom: hhmm(fromMinutes), closedTo: hhmm(toMinutes) };
}

export interface ImageOptions {
  format?: 'png' | 'jpg';
  /** Canvas size (the QR sits in the lower part, as on a bank slip). */
  width?: number;
  height?: number;
  /** Pixels per QR module. */
  scale?: number;
}

/** An RGBA canvas with a QR of `text` drawn on a white card with some grey "text" bars. */
export function qrImage(text: string, options: ImageOptions = {}): Buffer {
  const width = options.width ?? 480;
  const height = options.height ?? 720;
  const scale = options.scale ?? 4;
  const data = Buffer.alloc(width * height * 4, 0xff);
  const fill = (x0: number, y0: number, w: number, h: number, v: number) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y0 + h); y++)
      for (let x = Math.max(0, x0); x < Math.min(width, x0 + w); x++) {
        const i = (y * width + x) * 4;
        data[i] = v;
        data[i + 1] = v;
        data[i + 2] = v;
        data[i + 3] = 255;
      }
  };
  // A slip's text lines.
  for (let line = 0; line < 6; line++)
    fill(
      Math.floor(width * 0.1),
      Math.floor(height * 0.08) + line * 30,
      Math.floor(width * 0.6),
      12,
      160,
    );
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor(height * 0.55);
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      if (qr.modules.get(row, col)) fill(left + col * scale, top + row * scale, scale, scale, 0);
  if ((options.format ?? 'png') === 'jpg') return jpeg.encode({ data, width, height }, 90).data;
  const png = new PNG({ width, height });
  data.copy(png.data);
  return PNG.sync.write(png);
}

/** A slip image whose mini-QR names this transfer. */
export function slipImage(
  query: { sendingBank: string; transRef: string },
  options: ImageOptions = {},
): Buffer {
  return qrImage(generate.slipVerify(query), options);
}

/** A bank reference like a real one (25 characters). */
export const newTransRef = (): string =>
  `${Date.now().toString().slice(-9)}${randomBytes(8).toString('hex').toUpperCase()}`;

/** How a Thai slip shows the sender's account: the 4 digits before the last one visible. */
export function maskAccount(accountNo: string): string {
  const d = accountNo.replace(/\D/g, '');
  return `xxx-x-x${d.slice(-5, -1)}-x`;
}

export interface TransferInput {
  /** The member's registered account (the sender). */
  from: { bankCode: string; accountNo: string; name?: string };
  /** Our deposit account by default (the seeded KBANK 0408123456). */
  to?: { bankCode: string; accountNo: string };
  /** Satang. */
  amount: number;
  at?: Date;
  sendingBank?: string;
}

/** Makes the in-memory bank know a transfer; returns what it will verify. */
export function bankTransfer(
  t: Pick<TestApp, 'slipBank' | 'clock'>,
  input: TransferInput,
): VerifiedSlip {
  const slip: VerifiedSlip = {
    sendingBank: input.sendingBank ?? '014',
    transRef: newTransRef(),
    amount: input.amount,
    transferredAt: (input.at ?? t.clock.now()).toISOString(),
    sender: {
      bankCode: input.from.bankCode,
      accountNo: maskAccount(input.from.accountNo),
      name: input.from.name ?? 'TEST MEMBER',
    },
    receiver: {
      bankCode: input.to?.bankCode ?? 'KBANK',
      accountNo: input.to?.accountNo ?? '0408123456',
      name: 'ROYAL WALLET CO LTD',
    },
  };
  t.slipBank.add(slip);
  return slip;
}

export interface Part {
  name: string;
  /** A file part when set; otherwise a text field. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body from parts. */
export function multipartBody(parts: readonly Part[], boundary = `----slip${randomUUID()}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename !== undefined
        ? `form-data; name="${part.name}"; filename="${part.filename}"`
        : `form-data; name="${part.name}"`;
    const type =
      part.filename !== undefined
        ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
        : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export const newSlipKey = (): string => `slip-${randomUUID()}`;

/** POST /api/wallet/slip with the file in the `file` field (or the given parts). */
export function upload(
  t: Pick<TestApp, 'app'>,
  token: string,
  file: Buffer | readonly Part[],
  key: string | null = newSlipKey(),
): Promise<LightMyRequestResponse> {
  const parts = Buffer.isBuffer(file)
    ? [{ name: 'file', filename: 'slip.png', contentType: 'image/png', data: file }]
    : file;
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: {
      'x-wallet-user': 'member',
      authorization: `Bearer ${token}`,
      'content-type': body.contentType,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: body.payload,
  });
}

/**
 * Makes a member one who registered a day before the slip review window began (decision
 * 0124): a member of long standing, whose own slips the rules credit at once. Tests that are
 * not about new accounts use it; the new-account tests register members as they are. The
 * member by id, or by a session token.
 */
export async function registeredLongAgo(
  t: Pick<TestApp, 'db' | 'clock' | 'app' | 'memberNo'>,
  member: number | { token: string },
): Promise<void> {
  const hours = t.app.deps.config.withdraw.bankChangeReviewHours + 24;
  let query = t.db
    .updateTable('members')
    .set({ created_at: new Date(t.clock.now().getTime() - hours * 3_600_000).toISOString() });
  query =
    typeof member === 'number'
      ? query.where('id', '=', member)
      : query.where('member_no', '=', await t.memberNo(member.token));
  const { numUpdatedRows } = await query.executeTakeFirst();
  if (numUpdatedRows !== 1n) throw new Error('registeredLongAgo: no such member');
}
