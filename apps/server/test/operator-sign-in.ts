// The operator's two-step sign-in (password, then the authenticator code; decision 0086) for
// tests and scripts, over whichever HTTP client they use.
import { totpNow, TOTP_PERIOD_SECONDS } from '../src/lib/totp';

export type JsonPost = (path: string, body: unknown) => Promise<{ status: number; body: unknown }>;

/** The password the helper chooses when the server asks for a new one and none is given. */
export const CHOSEN_PASSWORD = 'chosen-by-the-operator-1';

/** Passwords this process chose at a first sign-in, by username (tried when the given fails). */
const chosenPasswords = new Map<string, string>();

/**
 * Signs an operator in and answers the session token (enrolling the authenticator when the
 * server offers a secret; `input.secret` is then unused; choosing `input.newPassword`, or
 * CHOSEN_PASSWORD, when an admin set the password: decision 0117). A code is good once, so a
 * second sign-in within the same 30 seconds sends the next step's code (accepted: one step
 * of drift).
 */
export async function signInOperatorWith(
  post: JsonPost,
  input: {
    username: string;
    password: string;
    secret?: string;
    /** The operator's own password when the server asks for one (first sign-in, a reset). */
    newPassword?: string;
    now?: Date;
    /**
     * When the codes of this step and the next were both used already (a third sign-in of one
     * operator within 30 s): move on to a later time (tests advance their clock; scripts wait).
     */
    later?: () => Promise<Date>;
  },
): Promise<string> {
  let first = await post('/api/operator/login', {
    username: input.username,
    password: input.password,
  });
  // This process chose the operator's own password at an earlier first sign-in (a script's
  // seeded admin without demo data must replace OPERATOR_PASSWORD: decision 0117).
  const ownPassword = chosenPasswords.get(input.username);
  if (first.status === 401 && ownPassword)
    first = await post('/api/operator/login', { username: input.username, password: ownPassword });
  const step = first.body as {
    step?: string;
    challenge?: string;
    secret?: string;
    passwordChange?: boolean;
  };
  if (first.status !== 200 || !step.challenge)
    throw new Error(
      `operator sign-in (${input.username}): ${first.status} ${JSON.stringify(first.body)}`,
    );
  // An operator without an authenticator yet (no demo data) enrols with the offered secret.
  const secret = step.step === 'enrol' && step.secret ? step.secret : input.secret;
  if (!secret) throw new Error(`operator sign-in (${input.username}): no authenticator secret`);
  let now = (input.now ?? new Date()).getTime();
  let last: { status: number; body: unknown } | undefined;
  for (let round = 0; round < 2; round++) {
    for (const ahead of [0, 1]) {
      const code = totpNow(secret, new Date(now + ahead * TOTP_PERIOD_SECONDS * 1000));
      const newPassword = step.passwordChange ? (input.newPassword ?? CHOSEN_PASSWORD) : null;
      last = await post('/api/operator/login/totp', {
        challenge: step.challenge,
        code,
        ...(newPassword ? { newPassword } : {}),
      });
      if (last.status === 200) {
        if (newPassword) chosenPasswords.set(input.username, newPassword);
        return String((last.body as { token: string }).token);
      }
    }
    if (!input.later) break;
    now = (await input.later()).getTime();
  }
  throw new Error(
    `operator code (${input.username}): ${last?.status} ${JSON.stringify(last?.body)}`,
  );
}

/** signInOperatorWith over the test app's `call`. */
export function signInOperator(
  call: (
    method: string,
    url: string,
    options: { body?: unknown },
  ) => Promise<{ statusCode: number; body: string }>,
  input: Parameters<typeof signInOperatorWith>[1],
): Promise<string> {
  return signInOperatorWith(async (path, body) => {
    const res = await call('POST', path, { body });
    let parsed: unknown = res.body;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.statusCode, body: parsed };
  }, input);
}
