// Game-account passwords at rest (docs/decisions/0014): the member is shown their password,
// so it is stored reversibly, sealed with AES-256-GCM under GAME_CREDENTIALS_KEY. The
// provider code and username are the additional data, so a sealed password copied onto
// another account's row does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyOf(hex: string): Buffer {
  const key = Buffer.from(hex, 'hex');
  if (key.length !== 32) throw new RangeError('game credentials key must be 32 bytes');
  return key;
}

const aad = (providerCode: string, username: string) =>
  Buffer.from(`${providerCode}:${username}`, 'utf8');

export function sealPassword(
  keyHex: string,
  account: { providerCode: string; username: string },
  password: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(keyHex), iv);
  cipher.setAAD(aad(account.providerCode, account.username));
  const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Throws when the key, the account or the sealed text does not match. */
export function openPassword(
  keyHex: string,
  account: { providerCode: string; username: string },
  sealed: string,
): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error('not a sealed game password');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(keyHex), Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(account.providerCode, account.username));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
