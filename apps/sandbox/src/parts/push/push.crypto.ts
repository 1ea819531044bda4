// What a browser does with a Web Push message (decision 0153), for the sandbox's push
// service: the device keys (P-256 pair and auth secret), the aes128gcm decryption of RFC 8291
// (RFC 8188 framing), and the check of the sender's VAPID header (RFC 8292).
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';

export interface DeviceKeys {
  /** Uncompressed public point, base64url (the subscription's `p256dh`). */
  p256dh: string;
  /** 16 random bytes, base64url (the subscription's `auth`). */
  auth: string;
  /** The private key, base64url: kept by the sandbox, never shown to the server. */
  privateKey: string;
}

export function newDeviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

export class PushDecryptError extends Error {}

const info = (label: string, ...parts: Buffer[]) =>
  Buffer.concat([Buffer.from(label, 'latin1'), ...parts]);

/** Decrypts one aes128gcm message body (a single record, as Web Push sends) to its bytes. */
export function decryptAes128gcm(body: Buffer, keys: DeviceKeys): Buffer {
  if (body.length < 21) throw new PushDecryptError('body shorter than its header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new PushDecryptError('keyid is not a P-256 public key');
  if (ciphertext.length < 17 || ciphertext.length > recordSize)
    throw new PushDecryptError('not one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  const devicePublic = Buffer.from(keys.p256dh, 'base64url');
  let secret: Buffer;
  try {
    secret = ecdh.computeSecret(senderPublic);
  } catch {
    throw new PushDecryptError('keyid is not a point of P-256');
  }
  // RFC 8291 3.4: the input keying material from the ECDH secret and the auth secret.
  const ikm = Buffer.from(
    hkdfSync(
      'sha256',
      secret,
      Buffer.from(keys.auth, 'base64url'),
      info('WebPush: info\0', devicePublic, senderPublic),
      32,
    ),
  );
  // RFC 8188 2.2, 2.3: the content encryption key and the nonce of the (only) record.
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  let padded: Buffer;
  try {
    padded = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ]);
  } catch {
    throw new PushDecryptError('authentication failed (wrong keys or a changed body)');
  }
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 2) throw new PushDecryptError('no last-record delimiter');
  return padded.subarray(0, end);
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub?: string;
  /** The sender's public key (base64url), from `k=`. */
  publicKey: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): an ES256 JWT signed by `k`, for
 * this push service's origin, not expired (and at most 24 h ahead). The claims, or why not.
 */
export function checkVapid(
  header: string | undefined,
  origin: string,
  nowSeconds: number,
): VapidClaims | string {
  const match = /^vapid\s+t=([^,\s]+)\s*,\s*k=([A-Za-z0-9_-]+)\s*$/.exec(header ?? '');
  if (!match) return 'no vapid authorization';
  const [, token, key] = match as unknown as [string, string, string];
  const parts = token.split('.');
  if (parts.length !== 3) return 'the token is not a JWT';
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 key';
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    const header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as {
      alg?: unknown;
    };
    if (header.alg !== 'ES256') return 'the token is not ES256';
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = verify(
      'sha256',
      Buffer.from(`${parts[0]}.${parts[1]}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(parts[2]!, 'base64url'),
    );
    if (!signed) return 'the signature does not match k';
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return 'the token cannot be read';
  }
  if (claims.aud !== origin) return `aud is not ${origin}`;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return 'the token has expired';
  if (claims.exp > nowSeconds + 24 * 3600) return 'exp is more than 24 h ahead';
  return {
    aud: claims.aud,
    exp: claims.exp,
    ...(typeof claims.sub === 'string' ? { sub: claims.sub } : {}),
    publicKey: key,
  };
}
