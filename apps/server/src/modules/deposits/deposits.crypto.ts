// The two pieces of cryptography deposits need:
// - gift links arrive AES-256-GCM encrypted with the contract's shared secret
//   (GIFT_LINK_SHARED_SECRET: base64url(iv[12] || ciphertext || tag[16]), key =
//   SHA-256(secret)); the secret ships in the web bundle, so this hides nothing from an
//   attacker and every decrypted link is checked like untrusted input;
// - gateway webhooks are signed: lower-case hex HMAC-SHA256(secret, timestamp + '.' + raw
//   body), compared in constant time, within a 5-minute timestamp window (decision 0024).
import { createDecipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { GIFT_LINK_SHARED_SECRET } from '@wallet/contract';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const giftKey = createHash('sha256').update(GIFT_LINK_SHARED_SECRET, 'utf8').digest();

/** The decrypted text of a gift link, or null when it is not our ciphertext. */
export function decryptGiftLink(ciphertext: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(ciphertext)) return null;
  const data = Buffer.from(ciphertext, 'base64url');
  if (data.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', giftKey, data.subarray(0, IV_BYTES));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}

const VOUCHER_HASH = /^[A-Za-z0-9]{35}$/;

/**
 * The voucher hash of a gift link `https://<issuer>/campaign/?v=<hash>` (the sandbox's
 * `/gift/campaign/?v=`), or null when the text is not such a link.
 */
export function voucherHashOf(link: string): string | null {
  const text = link.trim();
  if (text.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!/\/campaign\/?$/.test(url.pathname)) return null;
  const values = url.searchParams.getAll('v');
  if (values.length !== 1 || !VOUCHER_HASH.test(values[0]!)) return null;
  return values[0]!;
}

export const WEBHOOK_WINDOW_SECONDS = 300;

export function signWebhook(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
}

export type WebhookCheck = 'ok' | 'missing' | 'stale' | 'bad_signature';

/** Checks the timestamp window first (cheap), then the signature in constant time. */
export function checkWebhookSignature(
  secret: string,
  headers: { timestamp: unknown; signature: unknown },
  rawBody: Buffer,
  nowMs: number,
): WebhookCheck {
  const { timestamp, signature } = headers;
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'stale';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WEBHOOK_WINDOW_SECONDS) return 'stale';
  if (!/^[0-9a-f]{64}$/.test(signature)) return 'bad_signature';
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return timingSafeEqual(expected, given) ? 'ok' : 'bad_signature';
}
