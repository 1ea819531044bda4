import { createCipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { GIFT_LINK_SHARED_SECRET } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import {
  checkWebhookSignature,
  decryptGiftLink,
  signWebhook,
  voucherHashOf,
} from './deposits.crypto';

/** What the web client does (contract constants.ts). */
function encrypt(text: string, secret = GIFT_LINK_SHARED_SECRET): string {
  const key = createHash('sha256').update(secret).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64url');
}

const HASH = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R';

describe('gift-link decryption', () => {
  it('decrypts the client’s AES-256-GCM ciphertext and refuses anything else', () => {
    const link = `http://127.0.0.1:3100/gift/campaign/?v=${HASH}`;
    expect(decryptGiftLink(encrypt(link))).toBe(link);
    expect(decryptGiftLink(encrypt(link, 'another-secret'))).toBeNull();
    const tampered = Buffer.from(encrypt(link), 'base64url');
    tampered[tampered.length - 1]! ^= 1;
    expect(decryptGiftLink(tampered.toString('base64url'))).toBeNull();
    for (const bad of ['', 'a', 'A'.repeat(40), '!!!!', `${encrypt(link)}=`, link]) {
      expect(decryptGiftLink(bad)).toBeNull();
    }
  });

  it('takes the 35-character voucher hash from a campaign link only', () => {
    expect(voucherHashOf(`https://gift.truemoney.com/campaign/?v=${HASH}`)).toBe(HASH);
    expect(voucherHashOf(`http://192.168.1.5:3100/gift/campaign?v=${HASH}`)).toBe(HASH);
    expect(voucherHashOf(`  https://x.example/campaign/?v=${HASH}  `)).toBe(HASH);
    for (const bad of [
      HASH,
      `https://x.example/other/?v=${HASH}`,
      `javascript:alert(1)//campaign/?v=${HASH}`,
      `ftp://x.example/campaign/?v=${HASH}`,
      `https://x.example/campaign/?v=${HASH.slice(1)}`,
      `https://x.example/campaign/?v=${HASH}x`,
      `https://x.example/campaign/?v=${HASH}&v=${HASH}`,
      `https://x.example/campaign/?v=${HASH.slice(1)}-`,
      'not a url',
    ]) {
      expect(voucherHashOf(bad), bad).toBeNull();
    }
  });
});

describe('webhook signatures', () => {
  const secret = 'sandbox-webhook-secret';
  const body = Buffer.from('{"event":"charge.paid","amount":100}');
  const now = 1_800_000_000_000;
  const ts = String(now / 1000);

  it('signs as the sandbox does: hex HMAC-SHA256 of timestamp.body', () => {
    const expected = createHmac('sha256', secret).update(`${ts}.${body.toString()}`).digest('hex');
    expect(signWebhook(secret, ts, body)).toBe(expected);
    expect(checkWebhookSignature(secret, { timestamp: ts, signature: expected }, body, now)).toBe(
      'ok',
    );
  });

  it('refuses missing headers, a stale or future timestamp, and wrong signatures', () => {
    const good = signWebhook(secret, ts, body);
    const check = (timestamp: unknown, signature: unknown, raw = body, at = now) =>
      checkWebhookSignature(secret, { timestamp, signature }, raw, at);
    expect(check(undefined, good)).toBe('missing');
    expect(check(ts, undefined)).toBe('missing');
    expect(check(ts, good, body, now + 301_000)).toBe('stale');
    expect(check(ts, good, body, now - 301_000)).toBe('stale');
    expect(check(ts, good, body, now + 299_000)).toBe('ok');
    expect(check('1e9', good)).toBe('stale');
    expect(check(ts, good.toUpperCase())).toBe('bad_signature');
    expect(check(ts, `${good}00`)).toBe('bad_signature');
    expect(check(ts, good, Buffer.from('{"event":"charge.paid","amount":101}'))).toBe(
      'bad_signature',
    );
    expect(check(ts, signWebhook('other-secret-value', ts, body))).toBe('bad_signature');
  });
});
