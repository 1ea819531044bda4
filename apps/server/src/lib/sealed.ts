// Secrets stored reversibly (decision 0014, reused by decision 0118): AES-256-GCM under a
// server key (GAME_CREDENTIALS_KEY), a fresh 96-bit IV per seal, and additional data naming
// the row the secret belongs to, so a sealed value copied onto another row does not open.
// Sealed text: `v1.<iv>.<tag>.<body>`, base64url parts. Game-account passwords and the
// operators' authenticator secrets are sealed with it.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyOf(hex: string): Buffer {
  const key = Buffer.from(hex, 'hex');
  if (key.length !== 32) throw new RangeError('the sealing key must be 32 bytes (64 hex)');
  return key;
}

export function sealText(keyHex: string, additionalData: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(keyHex), iv);
  cipher.setAAD(Buffer.from(additionalData, 'utf8'));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Whether `text` has the sealed form (it may still fail to open under another key or row). */
export const isSealed = (text: string): boolean => text.startsWith(`${VERSION}.`);

/** Throws when the key, the additional data or the sealed text does not match. */
export function openText(keyHex: string, additionalData: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error('not a sealed text');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(keyHex), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(additionalData, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
