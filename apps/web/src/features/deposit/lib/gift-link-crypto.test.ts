import { createDecipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GIFT_LINK_SHARED_SECRET } from '@wallet/contract/client';
import { encryptGiftLink, toBase64Url } from '@/features/deposit/lib/gift-link-crypto';

/** What the server does (decision 0030), with nothing but node:crypto. */
function decrypt(token: string): string {
  const raw = Buffer.from(token, 'base64url');
  const iv = raw.subarray(0, 12);
  const tag = raw.subarray(raw.length - 16);
  const body = raw.subarray(12, raw.length - 16);
  const key = createHash('sha256').update(GIFT_LINK_SHARED_SECRET, 'utf8').digest();
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

const LINK = 'http://127.0.0.1:3100/gift/campaign/?v=019a8f3cAbCdEfGhIjKlMnOpQrStUvWxYz1';

describe('gift-link encryption (decision 0030)', () => {
  it('round-trips through node:crypto AES-256-GCM with key SHA-256(secret)', () => {
    const token = encryptGiftLink(`  ${LINK}\n`);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    // iv (12) + ciphertext (same length as the UTF-8 link) + tag (16)
    expect(Buffer.from(token, 'base64url').length).toBe(12 + Buffer.byteLength(LINK) + 16);
    expect(decrypt(token)).toBe(LINK);
  });

  it('uses a fresh IV for every send', () => {
    const a = encryptGiftLink(LINK);
    const b = encryptGiftLink(LINK);
    expect(a).not.toBe(b);
    expect(decrypt(a)).toBe(decrypt(b));
  });

  it('puts the IV first and is deterministic for a given IV', () => {
    const iv = new Uint8Array(12).map((_, i) => i + 1);
    const token = encryptGiftLink('ลิงก์ gift', iv);
    expect([...Buffer.from(token, 'base64url').subarray(0, 12)]).toEqual([...iv]);
    expect(encryptGiftLink('ลิงก์ gift', iv)).toBe(token);
    expect(decrypt(token)).toBe('ลิงก์ gift');
  });

  it('a changed byte fails authentication', () => {
    const raw = Buffer.from(encryptGiftLink(LINK), 'base64url');
    raw[14] = (raw[14] ?? 0) ^ 1;
    expect(() => decrypt(raw.toString('base64url'))).toThrow();
  });

  it('encodes base64url without padding', () => {
    expect(toBase64Url(new Uint8Array([251, 255, 191]))).toBe('-_-_');
    expect(toBase64Url(new Uint8Array([1]))).toBe('AQ');
  });
});
