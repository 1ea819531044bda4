// OTP for registration (decision 0002; limits in decision 0004): a 6-digit code by SMS with
// a 4-letter reference, valid 5 minutes, single use; 5 wrong codes burn the token. Sends per
// phone: 1 per 60 s (REQUEST_LIMIT_1MIN) and 5 per hour (OTP_BLOCK).
import { THAI_PHONE_LENGTH, type Locale } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import { lockKey, lockRows, withTransaction } from '../../db/transaction';
import { HOUR_MS, MINUTE_MS, isoNow } from '../../lib/clock';
import { digestsEqual, newToken, randomDigits, randomLetters, sha256Hex } from '../../lib/crypto';
import { OtpError } from './otp.errors';
import * as repo from './otp.repository';

export type OtpSendAnswer = { otpRef: string; otpToken: string; code: 'OK' | 'OTP_VERIFIED' };

const codeHash = (token: string, code: string) => sha256Hex(`${token}:${code}`);

/** The SMS body in the requester's language; the code and reference always come first. */
export function otpText(code: string, ref: string, minutes: number, locale: Locale): string {
  const note = {
    th: `รหัสยืนยันการสมัครสมาชิก ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
    la: `ລະຫັດຢືນຢັນການສະໝັກສະມາຊິກ ໃຊ້ໄດ້ພາຍໃນ ${minutes} ນາທີ ຫ້າມບອກລະຫັດນີ້ກັບຜູ້ອື່ນ`,
    en: `Your registration code. Valid for ${minutes} minutes. Never share this code.`,
  }[locale];
  return `OTP ${code} (ref ${ref}). ${note}`;
}

export async function sendOtp(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'sms'>,
  phone: string,
  locale: Locale,
  proof: string | undefined,
): Promise<OtpSendAnswer> {
  const { otp, laoBuild } = deps.config;
  if (!laoBuild && phone.length !== THAI_PHONE_LENGTH)
    throw new OtpError('PHONE_NUMBER_REQUIRE_10_DIGIT');
  if (await repo.isRegisteredPhone(deps.db, phone)) throw new OtpError('EXISTING_USER');
  // Only the client holding a live proof for this phone skips step 2 (decision 0049).
  if (await hasVerifiedPhone(deps, phone, proof))
    return { otpRef: '', otpToken: '', code: 'OTP_VERIFIED' };

  const token = newToken();
  const code = randomDigits(6);
  const ref = randomLetters(4);
  const requestId = await withTransaction(deps.db, async (trx) => {
    await lockKey(trx, `otp:${phone}`);
    const now = deps.clock.now();
    const lastHour = await repo.recentRequests(
      trx,
      phone,
      new Date(now.getTime() - HOUR_MS).toISOString(),
    );
    if (lastHour.length >= otp.maxPerHour) throw new OtpError('OTP_BLOCK');
    const newest = lastHour[0];
    if (newest && now.getTime() - Date.parse(newest.created_at) < otp.resendSeconds * 1000)
      throw new OtpError('REQUEST_LIMIT_1MIN');
    return repo.insertRequest(trx, {
      token_hash: sha256Hex(token),
      phone,
      ref,
      code_hash: codeHash(token, code),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + otp.ttlSeconds * 1000).toISOString(),
    });
  });

  try {
    await deps.sms.send(phone, otpText(code, ref, Math.round(otp.ttlSeconds / 60), locale));
  } catch (cause) {
    // Nothing reached the phone: forget the request so it does not count against the limits.
    await repo.deleteRequest(deps.db, requestId);
    throw new OtpError('OTP_SEND_FAIL', { cause });
  }
  return { otpRef: ref, otpToken: token, code: 'OK' };
}

type VerifyOutcome =
  'OTP_CODE_VALID' | 'OTP_CODE_INVALID' | 'OTP_BLOCK' | 'OTP_EXPIRED' | 'OTP_TOKEN_INVALID';

export async function verifyOtp(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  token: string,
  code: string,
): Promise<{ message: 'OTP_CODE_VALID'; proof: string }> {
  const { maxWrongCodes } = deps.config.otp;
  // The wrong-code count must commit even though the answer is a failure, so the
  // transaction returns an outcome and the error is thrown after it.
  const outcome = await withTransaction(deps.db, async (trx): Promise<VerifyOutcome> => {
    const found = await repo.findRequestByTokenHash(trx, sha256Hex(token));
    if (!found) return 'OTP_TOKEN_INVALID';
    await lockRows(trx, 'otp_requests', 'id', [found.id]);
    const request = await repo.findRequestByTokenHash(trx, sha256Hex(token));
    if (!request || request.used_at) return 'OTP_TOKEN_INVALID';
    if (request.wrong_attempts >= maxWrongCodes) return 'OTP_BLOCK';
    const now = isoNow(deps.clock);
    if (request.expires_at <= now) return 'OTP_EXPIRED';
    if (!digestsEqual(request.code_hash, codeHash(token, code))) {
      const wrong = await repo.recordWrongCode(trx, request.id);
      return wrong >= maxWrongCodes ? 'OTP_BLOCK' : 'OTP_CODE_INVALID';
    }
    await repo.markUsed(trx, request.id, now);
    return 'OTP_CODE_VALID';
  });
  if (outcome !== 'OTP_CODE_VALID') throw new OtpError(outcome);
  // The proof is the OTP token itself, now verified: only the client that asked for the code
  // holds it (decision 0049).
  return { message: outcome, proof: token };
}

// --- the verification proof (decision 0049) ---------------------------------------------

/** The cookie that carries the proof: set by a successful verify, sent back by the browser. */
export const PROOF_COOKIE = 'wallet_otp';

/** The proof in a Cookie header, or undefined. */
export function proofFromCookies(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === PROOF_COOKIE) {
      const token = value.join('=');
      return /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : undefined;
    }
  }
  return undefined;
}

/** Set-Cookie for a fresh proof (`maxAgeSeconds`), or one that drops it (0). */
export function proofCookie(proof: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${PROOF_COOKIE}=${proof}`,
    'Path=/api',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * True when `proof` (an OTP token) was verified for `phone` within the last
 * OTP_VERIFIED_MINUTES. A phone is never "verified" for everyone: only for the client that
 * holds the proof, and only for a short time.
 */
export async function hasVerifiedPhone(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  phone: string,
  proof: string | undefined,
): Promise<boolean> {
  if (!proof) return false;
  const since = new Date(
    deps.clock.now().getTime() - deps.config.otp.verifiedMinutes * MINUTE_MS,
  ).toISOString();
  return (await repo.findVerifiedRequest(deps.db, sha256Hex(proof), phone, since)) !== undefined;
}
