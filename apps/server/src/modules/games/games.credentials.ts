// Game-account passwords at rest (docs/decisions/0014): the member is shown their password,
// so it is stored reversibly, sealed with AES-256-GCM under GAME_CREDENTIALS_KEY
// (lib/sealed.ts, the one sealing mechanism). The provider code and username are the
// additional data, so a sealed password copied onto another account's row does not open.
import { openText, sealText } from '../../lib/sealed';

const aad = (providerCode: string, username: string) => `${providerCode}:${username}`;

export function sealPassword(
  keyHex: string,
  account: { providerCode: string; username: string },
  password: string,
): string {
  return sealText(keyHex, aad(account.providerCode, account.username), password);
}

/** Throws when the key, the account or the sealed text does not match. */
export function openPassword(
  keyHex: string,
  account: { providerCode: string; username: string },
  sealed: string,
): string {
  return openText(keyHex, aad(account.providerCode, account.username), sealed);
}
