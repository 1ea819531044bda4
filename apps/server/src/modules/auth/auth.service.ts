// Sign-in, sessions and the per-account login throttle (decision 0004).
import type { AuditSignInEvent } from '@wallet/contract';
import type { AppDeps, AuthContext } from '../../deps';
import { DAY_MS, HOUR_MS, MINUTE_MS, isoNow } from '../../lib/clock';
import { newToken, sha256Hex } from '../../lib/crypto';
import {
  clearAttempts,
  countAttempt,
  lockedUntil,
  releaseAttempt,
} from '../../lib/attempt-throttle';
import { AuthError, forbidden, lockedOut } from './auth.errors';
import * as repo from './auth.repository';
import type { OperatorProfile, OperatorRole } from '@wallet/contract';
import QRCode from 'qrcode';
import { newTotpSecret, totpStep, totpUrl } from '../../lib/totp';
import { openTotpSecret, sealTotpSecret } from './auth.totp-secrets';

/** Refresh last_seen_at at most this often (saves a write per request). */
const TOUCH_EVERY_MS = MINUTE_MS;

export interface AuthEvent {
  event: string;
  [field: string]: unknown;
}
export type AuthEventLog = (entry: AuthEvent) => void;

/** A phone number in logs: enough to correlate, not the whole number. */
export const maskUsername = (username: string): string =>
  username.length <= 4 ? '****' : `${username.slice(0, 3)}****${username.slice(-2)}`;

// --- login throttle (decision 0050) ---------------------------------------------------

/**
 * Two counters per sign-in, both charged before the password is checked
 * (lib/attempt-throttle.ts), so parallel guesses cannot overtake them:
 * - the pair (account, client IP): LOGIN_MAX_FAILURES failures lock that IP out of that
 *   account for LOGIN_LOCK_MINUTES, even with the right password; the owner elsewhere is
 *   not affected;
 * - the account alone, counting failures only: LOGIN_ACCOUNT_MAX_FAILURES (10 times higher)
 *   locks the account for everyone, the answer to a guessing attack spread over many IPs.
 * A locked pair is refused before the account is counted, so one IP cannot push an account
 * to its bar. A success clears the pair and takes its attempt back from the account.
 */
export interface LoginThrottleKeys {
  pair: string;
  account: string;
}

export const loginThrottleKeys = (account: string, ip: string): LoginThrottleKeys => ({
  pair: `${account}|ip:${ip}`,
  account,
});

/**
 * An operator's authenticator codes count on their own (operator, IP) key (decision 0117),
 * so a correct password (which clears the password's pair) never clears the codes' count:
 * LOGIN_MAX_FAILURES wrong codes lock that address out of the account (both steps) until the
 * lock ends or a right code clears it. The account key is the password's: every failure of
 * either step counts toward the account's bar.
 */
export const codeThrottleKeys = (username: string, ip: string): LoginThrottleKeys => ({
  pair: `operator:${username}|code|ip:${ip}`,
  account: `operator:${username}`,
});

export async function chargeLoginAttempt(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  keys: LoginThrottleKeys,
): Promise<{ lockedNow: 'pair' | 'account' | null }> {
  const { maxFailures, accountMaxFailures, lockMinutes, windowMinutes } = deps.config.loginThrottle;
  const accountLock = await lockedUntil(deps.db, deps.clock, 'login_throttle', keys.account);
  if (accountLock) throw lockedOut(accountLock, deps.clock.now());
  const pair = await countAttempt(deps.db, deps.clock, 'login_throttle', keys.pair, {
    maxFailures,
    lockMinutes,
    windowMinutes,
  });
  if (pair.locked) throw lockedOut(pair.lockedUntil, deps.clock.now());
  const account = await countAttempt(deps.db, deps.clock, 'login_throttle', keys.account, {
    maxFailures: accountMaxFailures,
    lockMinutes,
    windowMinutes,
  });
  if (account.locked) throw lockedOut(account.lockedUntil, deps.clock.now());
  return { lockedNow: account.lockedNow ? 'account' : pair.lockedNow ? 'pair' : null };
}

export async function loginSucceeded(
  deps: Pick<AppDeps, 'db'>,
  keys: LoginThrottleKeys,
): Promise<void> {
  await clearAttempts(deps.db, 'login_throttle', keys.pair);
  await releaseAttempt(deps.db, 'login_throttle', keys.account);
}

async function throttleLogin(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  keys: LoginThrottleKeys,
  who: string,
  subject: 'member' | 'operator',
  log: AuthEventLog,
): Promise<void> {
  try {
    const { lockedNow } = await chargeLoginAttempt(deps, keys);
    if (lockedNow) log({ event: 'login_lockout', who, subject, scope: lockedNow });
  } catch (error) {
    log({ event: 'login_refused_locked', who, subject });
    throw error;
  }
}

// --- sessions ----------------------------------------------------------------------------

async function createSession(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  subject: { member: number } | { operator: number },
): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  const { absoluteDays, operatorAbsoluteHours } = deps.config.session;
  // Operators hold the back office: a short absolute lifetime (decision 0051).
  const lifetimeMs = 'member' in subject ? absoluteDays * DAY_MS : operatorAbsoluteHours * HOUR_MS;
  await repo.insertSession(deps.db, {
    token_hash: sha256Hex(token),
    subject: 'member' in subject ? 'member' : 'operator',
    member_id: 'member' in subject ? subject.member : null,
    operator_id: 'operator' in subject ? subject.operator : null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
  });
  return token;
}

/** `Authorization: Bearer <token>` -> the token, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header?.trim() ?? '');
  return match?.[1];
}

/**
 * Resolves a bearer token to its session. Unknown or revoked: UNAUTHORIZED; past the idle
 * or absolute expiry (shorter for operators): EXPIRED_AUTH_TOKEN; deactivated member:
 * UNAUTHORIZED.
 */
export async function resolveSession(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  token: string,
): Promise<AuthContext> {
  const session = await repo.findSessionByTokenHash(deps.db, sha256Hex(token));
  if (!session || session.revoked_at) throw new AuthError('UNAUTHORIZED');
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const { idleMinutes, operatorIdleMinutes } = deps.config.session;
  const idle = session.subject === 'operator' ? operatorIdleMinutes : idleMinutes;
  const idleLimit = new Date(now.getTime() - idle * MINUTE_MS).toISOString();
  if (session.expires_at <= nowIso || session.last_seen_at <= idleLimit)
    throw new AuthError('EXPIRED_AUTH_TOKEN');

  let auth: AuthContext;
  if (session.subject === 'member' && session.member_id !== null) {
    if (session.member_status !== 'active' || session.member_no === null)
      throw new AuthError('UNAUTHORIZED');
    auth = {
      kind: 'member',
      memberId: session.member_id,
      memberNo: session.member_no,
      sessionId: session.id,
      currency: session.member_currency === 'LAK' ? 'LAK' : 'BAHT',
      walletVersion: Number(session.wallet_version ?? 0),
    };
  } else if (session.subject === 'operator' && session.operator_id !== null) {
    const operator = await repo.findOperatorById(deps.db, session.operator_id);
    if (!operator || operator.status !== 'active') throw new AuthError('UNAUTHORIZED');
    auth = {
      kind: 'operator',
      operatorId: session.operator_id,
      username: operator.username,
      sessionId: session.id,
      role: operator.role,
    };
  } else {
    throw new AuthError('UNAUTHORIZED');
  }
  if (now.getTime() - Date.parse(session.last_seen_at) >= TOUCH_EVERY_MS)
    await repo.touchSession(deps.db, session.id, nowIso);
  return auth;
}

/** What a live session may still do (liveSessions): its subject, and an operator's role. */
export type LiveSession = { kind: 'member' } | { kind: 'operator'; role: OperatorRole };

/** Ids per query: well under SQLite's and PostgreSQL's parameter limits. */
const LIVE_SESSIONS_CHUNK = 500;

/**
 * Which of these sessions are still good, judged as resolveSession would (not revoked, not
 * past the absolute or idle expiry, member or operator active), without touching them:
 * long-lived connections (the chat sockets, decision 0098) re-check their sessions with
 * this in one query per 500 sessions instead of one lookup each.
 */
export async function liveSessions(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  sessionIds: readonly number[],
): Promise<Map<number, LiveSession>> {
  const live = new Map<number, LiveSession>();
  const ids = [...new Set(sessionIds)];
  if (ids.length === 0) return live;
  const now = deps.clock.now();
  const { idleMinutes, operatorIdleMinutes } = deps.config.session;
  const idleLimit = (minutes: number) =>
    new Date(now.getTime() - minutes * MINUTE_MS).toISOString();
  const memberIdle = idleLimit(idleMinutes);
  const operatorIdle = idleLimit(operatorIdleMinutes);
  for (let start = 0; start < ids.length; start += LIVE_SESSIONS_CHUNK) {
    const rows = await repo.findSessionsByIds(
      deps.db,
      ids.slice(start, start + LIVE_SESSIONS_CHUNK),
      now.toISOString(),
    );
    for (const row of rows) {
      if (row.subject === 'member') {
        if (row.member_status === 'active' && row.last_seen_at > memberIdle)
          live.set(row.id, { kind: 'member' });
      } else if (
        row.operator_status === 'active' &&
        row.operator_role &&
        row.last_seen_at > operatorIdle
      ) {
        live.set(row.id, { kind: 'operator', role: row.operator_role });
      }
    }
  }
  return live;
}

/**
 * The access rule of every contract route (decision 0005): who is calling. Whether an
 * operator's role may call the route is route()'s check (decision 0086).
 */
export async function authorize(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  access: 'public' | 'member' | 'operator',
  authorization: string | undefined,
): Promise<AuthContext | null> {
  if (access === 'public') return null;
  const token = bearerToken(authorization);
  if (!token) throw new AuthError('UNAUTHORIZED');
  const auth = await resolveSession(deps, token);
  if (auth.kind !== access) throw forbidden();
  return auth;
}

// --- sign-in -----------------------------------------------------------------------------

export async function loginMember(
  deps: AppDeps,
  input: { username: string; password: string },
  ip: string,
  log: AuthEventLog,
): Promise<{ token: string }> {
  const username = input.username.trim();
  const keys = loginThrottleKeys(`member:${username}`, ip);
  const who = maskUsername(username);
  await throttleLogin(deps, keys, who, 'member', log);
  const member = await repo.findMemberCredentials(deps.db, username);
  const ok = member
    ? await deps.passwords.verify(member.password_hash, input.password)
    : await deps.passwords.verifyDummy(input.password);
  if (!member || !ok) {
    log({ event: 'login_failed', who, subject: 'member' });
    throw new AuthError('WRONG_CREDENTIAL');
  }
  await loginSucceeded(deps, keys);
  if (member.status !== 'active') {
    log({ event: 'login_inactive', memberNo: member.member_no });
    throw new AuthError('INACTIVE_USER');
  }
  const token = await createSession(deps, { member: member.id });
  log({ event: 'login_ok', memberNo: member.member_no });
  return { token };
}

/** Writes a sign-in event to the audit log (the routes bind it to the request). */
export type SignInAudit = (
  /** One of the contract's sign-in events (audit-actions.ts): the console labels each. */
  event: AuditSignInEvent,
  operator: { id: number; username: string; role: OperatorRole } | null,
) => Promise<void>;

/** A sign-in challenge lives this long between the password and the code. */
const CHALLENGE_MS = 5 * MINUTE_MS;
/** Wrong codes one challenge takes before it is spent (the throttle counts them too). */
const CHALLENGE_MAX_FAILURES = 5;

type OperatorLoginStep =
  | { step: 'totp'; challenge: string; passwordChange: boolean }
  | {
      step: 'enrol';
      challenge: string;
      passwordChange: boolean;
      secret: string;
      otpauthUrl: string;
      qrSvg: string;
    };

/**
 * Operator sign-in, step 1 (decision 0086): the password, throttled like a member's. Answers
 * a challenge for the authenticator code, or, for an operator who has none yet, a new
 * secret to enrol (stored only once a code proves the app has it).
 */
export async function loginOperator(
  deps: AppDeps,
  input: { username: string; password: string },
  ip: string,
  log: AuthEventLog,
  audit: SignInAudit,
): Promise<OperatorLoginStep> {
  const username = input.username.trim();
  const keys = loginThrottleKeys(`operator:${username}`, ip);
  // An address that guessed too many codes is refused here too, before the password.
  const codesLocked = await lockedUntil(
    deps.db,
    deps.clock,
    'login_throttle',
    codeThrottleKeys(username, ip).pair,
  );
  if (codesLocked) {
    log({ event: 'login_refused_locked', who: username, subject: 'operator' });
    throw lockedOut(codesLocked, deps.clock.now());
  }
  await throttleLogin(deps, keys, username, 'operator', log);
  const operator = await repo.findOperatorCredentials(deps.db, username);
  const ok = operator
    ? await deps.passwords.verify(operator.password_hash, input.password)
    : await deps.passwords.verifyDummy(input.password);
  if (!operator || !ok || operator.status !== 'active') {
    log({ event: 'login_failed', who: username, subject: 'operator' });
    await audit('login_failed', operator ?? null);
    throw new AuthError('WRONG_CREDENTIAL');
  }
  await loginSucceeded(deps, keys);
  const challenge = newToken();
  const enrolSecret = operator.totp_secret ? null : newTotpSecret();
  const now = deps.clock.now();
  await repo.insertChallenge(deps.db, {
    token_hash: sha256Hex(challenge),
    operator_id: operator.id,
    // Sealed at rest like the operator's own (decision 0118).
    enrol_secret: enrolSecret
      ? sealTotpSecret(deps.config.games.credentialsKey, operator.id, enrolSecret)
      : null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
  });
  log({ event: 'login_password_ok', operator: username });
  const passwordChange = operator.password_change_required === 1;
  if (!enrolSecret) return { step: 'totp', challenge, passwordChange };
  const otpauthUrl = totpUrl(enrolSecret, username);
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2 });
  return { step: 'enrol', challenge, passwordChange, secret: enrolSecret, otpauthUrl, qrSvg };
}

/**
 * Operator sign-in, step 2: the authenticator code for a challenge. Each wrong code is
 * charged to the codes' own throttle key (and the account's bar), and spends the challenge
 * after five; a code is good once (its 30-second step is stored). When an admin set the
 * password (a new account or a reset: decision 0117) the step also takes the operator's own
 * new password, and does not finish without it. Answers the session.
 */
export async function loginOperatorTotp(
  deps: AppDeps,
  input: { challenge: string; code: string; newPassword?: string | undefined },
  ip: string,
  log: AuthEventLog,
  audit: SignInAudit,
): Promise<{ token: string; operator: OperatorProfile; idleMinutes: number }> {
  const challenge = await repo.findChallenge(deps.db, sha256Hex(input.challenge));
  const now = deps.clock.now();
  if (!challenge || challenge.used_at || challenge.failures >= CHALLENGE_MAX_FAILURES)
    throw new AuthError('OTP_TOKEN_INVALID');
  if (challenge.expires_at <= now.toISOString()) throw new AuthError('OTP_EXPIRED');
  const operator = await repo.findOperatorById(deps.db, challenge.operator_id);
  if (!operator || operator.status !== 'active') throw new AuthError('OTP_TOKEN_INVALID');
  // The new password is checked first: a missing or reused one costs no code.
  const mustChange = operator.password_change_required === 1;
  if (mustChange && !input.newPassword) throw passwordFieldError('KEY_MISSING');
  if (!mustChange && input.newPassword !== undefined) throw passwordFieldError('KEY_INVALID');
  if (input.newPassword && (await deps.passwords.verify(operator.password_hash, input.newPassword)))
    throw passwordFieldError('KEY_INVALID');
  const keys = codeThrottleKeys(operator.username, ip);
  await throttleLogin(deps, keys, operator.username, 'operator', log);
  const key = deps.config.games.credentialsKey;
  const stored = challenge.enrol_secret ?? operator.totp_secret;
  const secret = stored ? openTotpSecret(key, operator.id, stored) : null;
  const step = secret ? totpStep(secret, input.code, now) : null;
  const accepted =
    step !== null &&
    (await repo.acceptTotpStep(deps.db, operator.id, step, challenge.enrol_secret));
  if (!accepted) {
    await repo.countChallengeFailure(deps.db, challenge.id);
    log({ event: 'login_totp_failed', operator: operator.username });
    await audit('login_totp_failed', operator);
    throw new AuthError('OTP_CODE_INVALID');
  }
  if (!(await repo.useChallenge(deps.db, challenge.id, now.toISOString())))
    throw new AuthError('OTP_TOKEN_INVALID');
  await loginSucceeded(deps, keys);
  if (input.newPassword) {
    await repo.setOwnPassword(
      deps.db,
      operator.id,
      await deps.passwords.hash(input.newPassword),
      now.toISOString(),
    );
    log({ event: 'password_changed', operator: operator.username, at: 'sign-in' });
    await audit('password_changed_at_sign_in', operator);
  }
  const token = await createSession(deps, { operator: operator.id });
  await repo.markOperatorSignedIn(deps.db, operator.id, now.toISOString());
  log({ event: 'login_ok', operator: operator.username });
  await audit(challenge.enrol_secret ? 'login_ok_enrolled' : 'login_ok', operator);
  return {
    token,
    operator: operatorProfile(operator),
    idleMinutes: deps.config.session.operatorIdleMinutes,
  };
}

const passwordFieldError = (code: 'KEY_MISSING' | 'KEY_INVALID') =>
  new AuthError(code, 400, { field: 'newPassword' });

/**
 * An operator changes their own password (decision 0117): the current one, then a new one
 * that differs from it. Every other session of theirs ends; this one stays.
 */
export async function changeOperatorPassword(
  deps: AppDeps,
  operator: { operatorId: number; sessionId: number },
  input: { currentPassword: string; newPassword: string },
): Promise<{ revoked: number }> {
  const row = await repo.findOperatorById(deps.db, operator.operatorId);
  if (!row) throw new AuthError('UNAUTHORIZED');
  if (!(await deps.passwords.verify(row.password_hash, input.currentPassword)))
    throw new AuthError('WRONG_PASSWORD');
  if (input.newPassword === input.currentPassword) throw passwordFieldError('KEY_INVALID');
  const hash = await deps.passwords.hash(input.newPassword);
  const at = isoNow(deps.clock);
  await repo.setOwnPassword(deps.db, operator.operatorId, hash, at);
  const revoked = await repo.revokeOperatorSessions(
    deps.db,
    operator.operatorId,
    at,
    operator.sessionId,
  );
  return { revoked };
}

export function operatorProfile(operator: {
  id: number;
  username: string;
  display_name: string;
  role: OperatorRole;
}): OperatorProfile {
  return {
    id: operator.id,
    username: operator.username,
    displayName: operator.display_name || operator.username,
    role: operator.role,
  };
}

/** The signed-in operator (the console's "who am I" after a reload of its data). */
export async function operatorMe(
  deps: Pick<AppDeps, 'db' | 'config'>,
  operatorId: number,
): Promise<{ operator: OperatorProfile; idleMinutes: number }> {
  const operator = await repo.findOperatorById(deps.db, operatorId);
  if (!operator) throw new AuthError('UNAUTHORIZED');
  return {
    operator: operatorProfile(operator),
    idleMinutes: deps.config.session.operatorIdleMinutes,
  };
}

/** Sign out everywhere: every session of the operator, this one included. */
export function revokeOperatorSessions(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operatorId: number,
): Promise<number> {
  return repo.revokeOperatorSessions(deps.db, operatorId, isoNow(deps.clock));
}

export async function logout(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  sessionId: number,
): Promise<void> {
  await repo.revokeSession(deps.db, sessionId, isoNow(deps.clock));
}

/** Password change and deactivation end the member's sessions (all, or all but one). */
export function revokeMemberSessions(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  memberId: number,
  exceptSessionId?: number,
): Promise<number> {
  return repo.revokeMemberSessions(deps.db, memberId, isoNow(deps.clock), exceptSessionId);
}
