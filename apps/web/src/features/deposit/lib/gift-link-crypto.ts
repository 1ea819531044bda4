// The gift-link encryption of spec section 7 (decision 0030): AES-256-GCM, key =
// SHA-256(GIFT_LINK_SHARED_SECRET), a fresh 12-byte IV, sent as
// base64url(iv || ciphertext || tag) without padding. @noble/ciphers rather than WebCrypto:
// crypto.subtle does not exist on plain-http LAN addresses. This module is imported lazily
// (only when a link is sent), so the libraries never weigh on the first load.
import { gcm } from '@noble/ciphers/aes.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { GIFT_LINK_SHARED_SECRET } from '@wallet/contract/client';

const IV_BYTES = 12;
const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Encrypts the trimmed link; `iv` is for tests only (a random one otherwise). */
export function encryptGiftLink(link: string, iv?: Uint8Array): string {
  const nonce = iv ?? crypto.getRandomValues(new Uint8Array(IV_BYTES));
  if (nonce.length !== IV_BYTES) throw new Error('gift link IV must be 12 bytes');
  const key = sha256(encoder.encode(GIFT_LINK_SHARED_SECRET));
  const sealed = gcm(key, nonce).encrypt(encoder.encode(link.trim()));
  const out = new Uint8Array(nonce.length + sealed.length);
  out.set(nonce, 0);
  out.set(sealed, nonce.length);
  return toBase64Url(out);
}
