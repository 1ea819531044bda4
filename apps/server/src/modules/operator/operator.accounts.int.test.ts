// Operator accounts (issue 13, decision 0089), admin only: create with a temporary password
// shown once (the new operator enrols an authenticator at the first sign-in), change role
// and display name, deactivate (their sessions end) and reactivate, reset the password or the
// authenticator, sign out everywhere; an admin cannot deactivate or demote themselves;
// passwords never reach an answer but the one that made them, nor any audit row; the
// temporary password works once: the first sign-in chooses the operator's own (0117).
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect } from '../../../test/helpers';
import { signInOperator } from '../../../test/operator-sign-in';
import { totpNow } from '../../lib/totp';

let counter = 0;
const newUsername = () => `op${process.pid % 1000}x${++counter}`;

interface Account {
  id: number;
  username: string;
  displayName: string;
  role: string;
  status: string;
  totpEnrolled: boolean;
  passwordChangeRequired: boolean;
  lastSignInAt: string | null;
}

async function create(t: TestApp, role = 'cashier') {
  const username = newUsername();
  const res = await t.call('POST', '/api/operator/operators', {
    token: await t.operatorToken(),
    body: { username, displayName: `Name ${username}`, role },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ operator: Account; temporaryPassword: string }>();
}

/** Authenticator secrets the tests enrolled, by username. */
const secrets = new Map<string, string>();
/** The password each operator chose at the first sign-in (decision 0117). */
const ownPassword = (username: string) => `own-${username}-password`;

/**
 * Signs in with the password, enrolling the authenticator the server offers and choosing
 * the operator's own password when asked; the token.
 */
async function signIn(t: TestApp, username: string, password: string) {
  t.clock.advance(60_000);
  return signInOperator(
    async (method, url, options) => {
      const res = await t.call(method, url, options);
      const offered = /"secret":"([A-Z2-7]+)"/.exec(res.body)?.[1];
      if (offered) secrets.set(username, offered);
      return res;
    },
    {
      username,
      password,
      secret: secrets.get(username),
      newPassword: ownPassword(username),
      now: t.clock.now(),
    },
  );
}

const me = (t: TestApp, token: string) => t.call('GET', '/api/operator/me', { token });

async function accountOf(t: TestApp, id: number): Promise<Account> {
  const list = await t.call('GET', '/api/operator/operators?pageSize=200', {
    token: await t.operatorToken(),
  });
  return list.json<{ rows: Account[] }>().rows.find((r) => r.id === id)!;
}

forEachDialect('Operator accounts', (get) => {
  describe('creating', () => {
    it('answers a temporary password once; the operator enrols at first sign-in', async () => {
      const t = get();
      const { operator, temporaryPassword } = await create(t, 'support');
      expect(operator).toMatchObject({
        role: 'support',
        status: 'active',
        totpEnrolled: false,
        passwordChangeRequired: true,
        lastSignInAt: null,
      });
      expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){3}$/);
      const first = await t.call('POST', '/api/operator/login', {
        body: { username: operator.username, password: temporaryPassword },
      });
      expect(first.json()).toMatchObject({ step: 'enrol', passwordChange: true });
      const token = await signIn(t, operator.username, temporaryPassword);
      expect((await me(t, token)).json()).toMatchObject({
        operator: { id: operator.id, role: 'support' },
      });
      const after = await accountOf(t, operator.id);
      expect(after).toMatchObject({
        totpEnrolled: true,
        passwordChangeRequired: false,
        lastSignInAt: expect.any(String),
      });
      // The temporary password is gone: it opened one sign-in, which replaced it.
      const again = await t.call('POST', '/api/operator/login', {
        body: { username: operator.username, password: temporaryPassword },
      });
      expect([again.statusCode, again.json()]).toEqual([401, { message: 'WRONG_CREDENTIAL' }]);
      // Never a password, hash or secret in the list or the audit log.
      const list = await t.call('GET', '/api/operator/operators', {
        token: await t.operatorToken(),
      });
      expect(list.body.replaceAll('"passwordChangeRequired"', '')).not.toMatch(
        /password|hash|secret/i,
      );
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['target', 'before_json', 'after_json'])
        .where('action', '=', 'POST /api/operator/operators')
        .execute();
      expect(audit.some((r) => r.target === `operator:${operator.id}`)).toBe(true);
      for (const row of audit) {
        expect(`${row.before_json}${row.after_json}`).not.toContain(temporaryPassword);
      }
    });

    it('refuses a taken username, a bad one, and every role but admin', async () => {
      const t = get();
      const taken = await t.call('POST', '/api/operator/operators', {
        token: await t.operatorToken(),
        body: { username: 'cashier', displayName: 'Another', role: 'cashier' },
      });
      expect([taken.statusCode, taken.json()]).toEqual([409, { message: 'EXISTING_USER' }]);
      const bad = await t.call('POST', '/api/operator/operators', {
        token: await t.operatorToken(),
        body: { username: 'a b', displayName: 'X', role: 'cashier' },
      });
      expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      const noName = await t.call('POST', '/api/operator/operators', {
        token: await t.operatorToken(),
        body: { username: newUsername(), role: 'cashier' },
      });
      expect([noName.statusCode, noName.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
      for (const role of ['cashier', 'support', 'marketing'] as const) {
        const token = await t.operatorTokenAs(role);
        for (const [method, url, body] of [
          ['GET', '/api/operator/operators', undefined],
          ['POST', '/api/operator/operators', { username: newUsername(), displayName: 'X', role }],
          ['PUT', '/api/operator/operators/1', { role: 'admin' }],
          ['PUT', '/api/operator/operators/1/status', { status: 'inactive' }],
          ['POST', '/api/operator/operators/1/password', undefined],
          ['POST', '/api/operator/operators/1/totp/reset', undefined],
          ['POST', '/api/operator/operators/1/logout', undefined],
        ] as const) {
          const res = await t.call(method, url, { token, ...(body ? { body } : {}) });
          expect([res.statusCode, res.json()], `${role} ${method} ${url}`).toEqual([
            403,
            { message: 'UNAUTHORIZED' },
          ]);
        }
      }
    });
  });

  describe('changing', () => {
    it('changes role and display name, audited with before and after', async () => {
      const t = get();
      const { operator, temporaryPassword } = await create(t, 'support');
      const token = await signIn(t, operator.username, temporaryPassword);
      const res = await t.call('PUT', `/api/operator/operators/${operator.id}`, {
        token: await t.operatorToken(),
        body: { role: 'marketing', displayName: 'Nok' },
      });
      expect(res.json()).toMatchObject({ operator: { role: 'marketing', displayName: 'Nok' } });
      // The new role applies to the next call of a running session.
      expect((await me(t, token)).json()).toMatchObject({ operator: { role: 'marketing' } });
      const row = await t.db
        .selectFrom('audit_log')
        .select(['before_json', 'after_json'])
        .where('action', '=', 'PUT /api/operator/operators/:operatorId')
        .where('target', '=', `operator:${operator.id}`)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.before_json!)).toMatchObject({ role: 'support' });
      expect(JSON.parse(row.after_json!)).toMatchObject({ role: 'marketing', displayName: 'Nok' });
      const unknown = await t.call('PUT', '/api/operator/operators/999999', {
        token: await t.operatorToken(),
        body: { displayName: 'Ghost' },
      });
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_USER' }]);
    });

    it('deactivation ends their sessions and refuses sign-in; reactivation lets them back', async () => {
      const t = get();
      const { operator, temporaryPassword } = await create(t);
      const token = await signIn(t, operator.username, temporaryPassword);
      const off = await t.call('PUT', `/api/operator/operators/${operator.id}/status`, {
        token: await t.operatorToken(),
        body: { status: 'inactive' },
      });
      expect(off.json()).toMatchObject({ operator: { status: 'inactive' }, revoked: 1 });
      expect((await me(t, token)).statusCode).toBe(401);
      const refused = await t.call('POST', '/api/operator/login', {
        body: { username: operator.username, password: ownPassword(operator.username) },
      });
      expect([refused.statusCode, refused.json()]).toEqual([401, { message: 'WRONG_CREDENTIAL' }]);
      const on = await t.call('PUT', `/api/operator/operators/${operator.id}/status`, {
        token: await t.operatorToken(),
        body: { status: 'active' },
      });
      expect(on.json()).toMatchObject({ operator: { status: 'active' }, revoked: 0 });
      expect(
        (await me(t, await signIn(t, operator.username, ownPassword(operator.username))))
          .statusCode,
      ).toBe(200);
    });

    it('an admin can neither deactivate nor demote themselves', async () => {
      const t = get();
      const admin = await t.operatorToken();
      const self = (await me(t, admin)).json<{ operator: { id: number } }>().operator.id;
      const off = await t.call('PUT', `/api/operator/operators/${self}/status`, {
        token: admin,
        body: { status: 'inactive' },
      });
      expect([off.statusCode, off.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      const demote = await t.call('PUT', `/api/operator/operators/${self}`, {
        token: admin,
        body: { role: 'cashier' },
      });
      expect([demote.statusCode, demote.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      // Renaming yourself is fine.
      const rename = await t.call('PUT', `/api/operator/operators/${self}`, {
        token: admin,
        body: { displayName: 'The Admin' },
      });
      expect(rename.json()).toMatchObject({ operator: { role: 'admin', status: 'active' } });
      expect(await accountOf(t, self)).toMatchObject({ role: 'admin', status: 'active' });
    });
  });

  describe('resetting', () => {
    it('a password reset answers a new temporary password once and ends their sessions', async () => {
      const t = get();
      const { operator, temporaryPassword } = await create(t);
      const token = await signIn(t, operator.username, temporaryPassword);
      const res = await t.call('POST', `/api/operator/operators/${operator.id}/password`, {
        token: await t.operatorToken(),
      });
      const answer = res.json<{ temporaryPassword: string; revoked: number }>();
      expect(answer.revoked).toBe(1);
      expect(answer.temporaryPassword).not.toBe(temporaryPassword);
      expect((await me(t, token)).statusCode).toBe(401);
      const old = await t.call('POST', '/api/operator/login', {
        body: { username: operator.username, password: temporaryPassword },
      });
      expect(old.statusCode).toBe(401);
      const own = await t.call('POST', '/api/operator/login', {
        body: { username: operator.username, password: ownPassword(operator.username) },
      });
      expect(own.statusCode).toBe(401);
      // Still enrolled: the new password leads to the code step, which must choose their own.
      const fresh = await t.call('POST', '/api/operator/login', {
        body: { username: operator.username, password: answer.temporaryPassword },
      });
      expect(fresh.json()).toMatchObject({ step: 'totp', passwordChange: true });
      expect(await accountOf(t, operator.id)).toMatchObject({ passwordChangeRequired: true });
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['before_json', 'after_json'])
        .where('action', '=', 'POST /api/operator/operators/:operatorId/password')
        .where('target', '=', `operator:${operator.id}`)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.after_json!)).toEqual({ reset: 'password', sessionsRevoked: 1 });
      expect(audit.before_json).not.toContain(answer.temporaryPassword);
    });

    it('an authenticator reset makes them enrol again and ends their sessions', async () => {
      const t = get();
      const { operator, temporaryPassword } = await create(t);
      const token = await signIn(t, operator.username, temporaryPassword);
      const res = await t.call('POST', `/api/operator/operators/${operator.id}/totp/reset`, {
        token: await t.operatorToken(),
      });
      expect(res.json()).toMatchObject({ operator: { totpEnrolled: false }, revoked: 1 });
      expect((await me(t, token)).statusCode).toBe(401);
      const again = await t.call('POST', '/api/operator/login', {
        body: { username: operator.username, password: ownPassword(operator.username) },
      });
      const step = again.json<{ step: string; secret: string; challenge: string }>();
      expect(step).toMatchObject({ step: 'enrol', passwordChange: false });
      const code = totpNow(step.secret, t.clock.now());
      const done = await t.call('POST', '/api/operator/login/totp', {
        body: { challenge: step.challenge, code },
      });
      expect(done.statusCode).toBe(200);
    });

    it('signs an operator out everywhere', async () => {
      const t = get();
      const { operator, temporaryPassword } = await create(t);
      const one = await signIn(t, operator.username, temporaryPassword);
      const two = await signIn(t, operator.username, ownPassword(operator.username));
      const res = await t.call('POST', `/api/operator/operators/${operator.id}/logout`, {
        token: await t.operatorToken(),
      });
      expect(res.json()).toEqual({ message: 'OK', revoked: 2 });
      expect((await me(t, one)).statusCode).toBe(401);
      expect((await me(t, two)).statusCode).toBe(401);
    });
  });
});
