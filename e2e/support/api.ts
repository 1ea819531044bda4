// Talks to the stack's HTTP API directly, for setting the scene around a journey (a fresh
// member, the operator's site flag) and for checking outcomes the page cannot show (a
// revoked token). Every /api call carries the wallet-user header (decision 0002).
import { randomInt, randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { Stack } from './stack.js';
import { waitForOtp } from './sms.js';

export const WALLET_USER_HEADERS = { 'X-Wallet-User': 'member' } as const;

/** The seeded demo member (decision 0002). */
export const DEMO = {
  phone: '0812345678',
  password: 'demo1234',
  name: 'Somchai Jaidee',
  id: '10001',
  bankCode: 'KBANK',
  bankNameTH: 'ธนาคารกสิกรไทย',
  bankNameLA: 'ທະນາຄານກະສິກອນໄທ',
  bankAccountNo: '1234567890',
  bankAccountNoGrouped: '123-456-7890',
  bankAccountName: 'SOMCHAI JAIDEE',
} as const;

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export async function apiCall<T = unknown>(
  stack: Pick<Stack, 'appUrl'>,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; locale?: string; cookie?: string } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...WALLET_USER_HEADERS, Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.locale) headers['Accept-Language'] = options.locale;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${stack.appUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: body as T };
}

function expectOk<T>(answer: ApiAnswer<T>, what: string): T {
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${what} answered HTTP ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

let sequence = 0;

/** A phone number no other test in this run uses: 09 + 8 digits. */
export function freshPhone(): string {
  sequence += 1;
  const tail = (randomInt(0, 1_000_000) * 100 + (sequence % 100)) % 100_000_000;
  return `09${String(tail).padStart(8, '0')}`;
}

/** A 10-digit bank account number unlikely to collide within one stack. */
export function freshAccountNo(): string {
  return `${randomInt(1, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export async function loginApi(stack: Stack, phone: string, password: string): Promise<string> {
  const body = expectOk(
    await apiCall<{ token: string }>(stack, 'POST', '/api/login', {
      body: { username: phone, password },
    }),
    `POST /api/login as ${phone}`,
  );
  return body.token;
}

/**
 * Sends an OTP to the phone and verifies it with the code read from the sandbox inbox.
 * Returns the verification proof cookie (`wallet_otp=...`, server decision 0049): only a
 * client that sends it back may register the phone, as a browser does by itself.
 */
export async function verifyPhoneApi(stack: Stack, phone: string): Promise<string> {
  const sent = expectOk(
    await apiCall<{ otpRef: string; otpToken: string; code: string }>(
      stack,
      'POST',
      '/api/otp/send',
      { body: { phoneNumber: phone } },
    ),
    `POST /api/otp/send for ${phone}`,
  );
  if (sent.code === 'OTP_VERIFIED') throw new Error(`${phone}: OTP_VERIFIED without a proof`);
  const otp = await waitForOtp(stack.sandboxUrl, phone, { ref: sent.otpRef });
  const res = await fetch(`${stack.appUrl}/api/otp/verify`, {
    method: 'POST',
    headers: { ...WALLET_USER_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify({ otpToken: sent.otpToken, otpCode: otp.code }),
  });
  if (res.status !== 200)
    throw new Error(`POST /api/otp/verify for ${phone} answered HTTP ${res.status}`);
  const proof = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!proof.startsWith('wallet_otp=')) throw new Error(`${phone}: no verification cookie`);
  return proof;
}

export interface NewMember {
  phone: string;
  password: string;
  name: string;
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
  /** An inviter's code, `PR{memberNo}` (issue 12). */
  inviteCode?: string;
}

/** Registers a fresh member through the API (phone verified first when OTP is on). */
export async function registerMemberApi(
  stack: Stack,
  overrides: Partial<NewMember> = {},
): Promise<NewMember> {
  const member: NewMember = {
    phone: freshPhone(),
    password: `pw-${randomInt(10_000_000, 99_999_999)}`,
    name: 'E2E Member',
    bankCode: 'SCB',
    bankAccountNo: freshAccountNo(),
    bankAccountName: 'EEE MEMBER',
    ...overrides,
  };
  const cookie = await verifyPhoneApi(stack, member.phone);
  expectOk(
    await apiCall(stack, 'POST', '/api/account', {
      cookie,
      body: {
        name: member.name,
        username: member.phone,
        password: member.password,
        bankCode: member.bankCode,
        bankAccountNo: member.bankAccountNo,
        bankAccountName: member.bankAccountName,
        ...(member.inviteCode ? { inviteCode: member.inviteCode } : {}),
      },
    }),
    `POST /api/account for ${member.phone}`,
  );
  return member;
}

export type OperatorRole = 'admin' | 'cashier' | 'support' | 'marketing';

/** The current authenticator code of the stack's demo operators, `ahead` 30-second steps on. */
export function operatorCode(stack: Pick<Stack, 'operatorTotpSecret'>, ahead = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(stack.operatorTotpSecret) }).generate(
    { timestamp: Date.now() + ahead * 30_000 },
  );
}

// One session per stack and role: a code is good once (decision 0086), so signing in again
// and again within 30 seconds would run out of codes.
const operatorSessions = new WeakMap<object, Map<OperatorRole, string>>();

/**
 * Keeps a session the console's sign-in page opened (`consoleSignIn`) for this stack and role,
 * so a later `operatorLoginAs` reuses it instead of spending another authenticator code.
 */
export function rememberOperatorSession(stack: Stack, role: OperatorRole, token: string): void {
  const sessions = operatorSessions.get(stack) ?? new Map<OperatorRole, string>();
  operatorSessions.set(stack, sessions);
  sessions.set(role, token);
}

/**
 * Signs a demo operator (the role's username: admin, cashier, support, marketing) in with
 * password and authenticator code, and returns its bearer token; reused within a stack.
 */
export async function operatorLoginAs(stack: Stack, role: OperatorRole): Promise<string> {
  const sessions = operatorSessions.get(stack) ?? new Map<OperatorRole, string>();
  operatorSessions.set(stack, sessions);
  const cached = sessions.get(role);
  if (cached) {
    const me = await apiCall(stack, 'GET', '/api/operator/me', { token: cached });
    if (me.status === 200) return cached;
  }
  const first = expectOk(
    await apiCall<{ step: string; challenge: string }>(stack, 'POST', '/api/operator/login', {
      body: { username: role, password: stack.operatorPassword },
    }),
    'POST /api/operator/login',
  );
  // This step's code, else the next one's (one step of drift is accepted), else wait a step.
  for (const ahead of [0, 1, 1]) {
    const answer = await apiCall<{ token: string }>(stack, 'POST', '/api/operator/login/totp', {
      body: { challenge: first.challenge, code: operatorCode(stack, ahead) },
    });
    if (answer.status === 200) {
      sessions.set(role, answer.body.token);
      return answer.body.token;
    }
    // Both spent: the next step's code is good once the next step has begun.
    if (ahead === 1)
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
  }
  throw new Error(`operator ${role} could not sign in`);
}

/** Signs the seeded operator `admin` in and returns its bearer token. */
export function operatorLogin(stack: Stack): Promise<string> {
  return operatorLoginAs(stack, 'admin');
}

/** The operator flags the site gone (true) or live again (false). */
export async function setSiteTerminated(stack: Stack, terminated: boolean): Promise<void> {
  const token = await operatorLogin(stack);
  const body = expectOk(
    await apiCall<{ terminated: string | null }>(stack, 'PUT', '/api/operator/site', {
      token,
      body: { terminated },
    }),
    'PUT /api/operator/site',
  );
  const expected = terminated ? 'gone' : null;
  if (body.terminated !== expected) {
    throw new Error(`PUT /api/operator/site answered ${JSON.stringify(body)}, not ${expected}`);
  }
}

/**
 * A member's chat text through the API (the journeys' other side of the console's inbox):
 * answers the conversation id (`session_id`) the server put it in.
 */
export async function sendChatTextApi(
  stack: Pick<Stack, 'appUrl'>,
  token: string,
  text: string,
): Promise<string> {
  const res = await apiCall<{ session_id: string }>(stack, 'POST', '/api/chat/send-message', {
    token,
    body: {
      conversation: {
        sender: 'customer',
        clientMessageId: randomUUID(),
        message: { message_type: 'text', payload: text },
        userId: null,
        guestId: null,
        username: null,
        name: null,
        deviceToken: null,
        session_id: null,
      },
    },
  });
  if (res.status !== 200) throw new Error(`chat send ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.session_id;
}
