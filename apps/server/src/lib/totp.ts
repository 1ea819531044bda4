// Authenticator codes (RFC 6238: SHA-1, 6 digits, 30-second steps), through the maintained
// `otpauth` library (decision 0086). One step either side is accepted for clock drift, and a
// step once used is refused after (the caller stores it), so an overheard code is good once.
import * as OTPAuth from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Member Wallet Console';

const totpFor = (secret: string, label = 'operator') =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** A fresh 160-bit secret, base32 (what authenticator apps take). */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

/** The `otpauth://` URL an authenticator app reads from the enrolment QR code. */
export const totpUrl = (secret: string, username: string): string =>
  totpFor(secret, username).toString();

/** The code for `at` (tests, scripts and `npm run operator:codes`). */
export const totpNow = (secret: string, at: Date = new Date()): string =>
  totpFor(secret).generate({ timestamp: at.getTime() });

/**
 * The 30-second step the code belongs to, when it is right for `at` give or take one step;
 * else null. The caller refuses a step at or before the last one it accepted.
 *
 * Two steps can share a code (about one pair in a million): the latest one is named, so a
 * code right for the step just used and for the next one is taken as the next one. otpauth's
 * own window names the earliest, which the caller then refused as used (the demo secret's
 * codes for steps 59866562 and 59866563 are both 967648).
 */
export function totpStep(secret: string, code: string, at: Date): number | null {
  const totp = totpFor(secret);
  const step = Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
  for (const delta of [1, 0, -1]) {
    const timestamp = (step + delta) * TOTP_PERIOD_SECONDS * 1000;
    if (totp.validate({ token: code, timestamp, window: 0 }) !== null) return step + delta;
  }
  return null;
}
