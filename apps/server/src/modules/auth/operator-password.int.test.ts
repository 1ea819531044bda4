// Operators' own passwords (issue 25 section 2.3, decision 0117): a password an admin set (a
// new account, a reset) opens one sign-in, which cannot finish without the operator's own
// new password; every operator changes their own password in the console; the seed leaves a
// password the operator chose alone. The authenticator secret is sealed at rest (0118).
import { describe, expect, it } from 'vitest';
import { forEachDialect, type TestApp } from '../../../test/helpers';
import { totpNow } from '../../lib/totp';
import { seed } from '../../seed';
import { sealTotpSecret } from './auth.totp-secrets';

let counter = 0;

/** A new support operator made by `admin`: its id, username and temporary password. */
async function newOperator(t: TestApp) {
  const username = `pw${process.pid % 1000}x${++counter}`;
  const res = await t.call('POST', '/api/operator/operators', {
    token: await t.operatorToken(),
    body: { username, displayName: username, role: 'support' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { operator, temporaryPassword } = res.json<{
    operator: { id: number };
    temporaryPassword: string;
  }>();
  return { id: operator.id, username, temporaryPassword };
}

const step1 = (t: TestApp, username: string, password: string) =>
  t.call('POST', '/api/operator/login', { body: { username, password } });
const step2 = (t: TestApp, body: Record<string, unknown>) =>
  t.call('POST', '/api/operator/login/totp', { body });

forEachDialect('operator passwords', (get) => {
  describe('the first sign-in after an admin set the password', () => {
    it('cannot finish without a new password of their own; the temporary one then stops working', async () => {
      const t = get();
      const op = await newOperator(t);
      const first = await step1(t, op.username, op.temporaryPassword);
      const enrol = first.json<{
        step: string;
        passwordChange: boolean;
        challenge: string;
        secret: string;
      }>();
      expect(enrol).toMatchObject({ step: 'enrol', passwordChange: true });
      const code = totpNow(enrol.secret, t.clock.now());
      // Without a new password: refused before the code is looked at (the code stays good).
      const missing = await step2(t, { challenge: enrol.challenge, code });
      expect([missing.statusCode, missing.json()]).toEqual([
        400,
        { message: 'KEY_MISSING', field: 'newPassword' },
      ]);
      // The temporary password again, or too short: refused.
      const same = await step2(t, {
        challenge: enrol.challenge,
        code,
        newPassword: op.temporaryPassword,
      });
      expect([same.statusCode, same.json()]).toEqual([
        400,
        { message: 'KEY_INVALID', field: 'newPassword' },
      ]);
      const short = await step2(t, { challenge: enrol.challenge, code, newPassword: 'short-pw' });
      expect([short.statusCode, short.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      const done = await step2(t, {
        challenge: enrol.challenge,
        code,
        newPassword: 'my-own-password-1',
      });
      expect(done.statusCode, done.body).toBe(200);
      const row = await t.db
        .selectFrom('operators')
        .select(['password_change_required', 'password_changed_at'])
        .where('id', '=', op.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ password_change_required: 0, password_changed_at: expect.any(String) });
      expect((await step1(t, op.username, op.temporaryPassword)).statusCode).toBe(401);
      const next = await step1(t, op.username, 'my-own-password-1');
      expect(next.json()).toMatchObject({ step: 'totp', passwordChange: false });
      // A new password where none is asked for is refused (nothing changes by surprise).
      t.clock.advance(30_000);
      const stray = await step2(t, {
        challenge: next.json<{ challenge: string }>().challenge,
        code: totpNow(enrol.secret, t.clock.now()),
        newPassword: 'another-password-2',
      });
      expect([stray.statusCode, stray.json()]).toEqual([
        400,
        { message: 'KEY_INVALID', field: 'newPassword' },
      ]);
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['operator_username', 'outcome', 'after_json'])
        .where('action', '=', 'password_changed_at_sign_in')
        .where('operator_username', '=', op.username)
        .execute();
      expect(audit).toEqual([{ operator_username: op.username, outcome: 'ok', after_json: null }]);
    });

    it('an admin resetting the password (with the authenticator left) cannot sign in as the operator', async () => {
      const t = get();
      const op = await newOperator(t);
      const first = (await step1(t, op.username, op.temporaryPassword)).json<{
        challenge: string;
        secret: string;
      }>();
      await step2(t, {
        challenge: first.challenge,
        code: totpNow(first.secret, t.clock.now()),
        newPassword: 'my-own-password-1',
      });
      const reset = await t.call('POST', `/api/operator/operators/${op.id}/password`, {
        token: await t.operatorToken(),
      });
      const temporary = reset.json<{ temporaryPassword: string }>().temporaryPassword;
      // The admin knows the new temporary password, but the code step needs the operator's
      // authenticator (whose reset, with two admins, needs a second admin: T12).
      const asAdmin = await step1(t, op.username, temporary);
      expect(asAdmin.json()).toMatchObject({ step: 'totp', passwordChange: true });
      expect(asAdmin.json()).not.toHaveProperty('secret');
    });
  });

  describe('changing your own password', () => {
    it('needs the current password, ends your other sessions, keeps this one; audited without passwords', async () => {
      const t = get();
      const op = await newOperator(t);
      const e = (await step1(t, op.username, op.temporaryPassword)).json<{
        challenge: string;
        secret: string;
      }>();
      const one = (
        await step2(t, {
          challenge: e.challenge,
          code: totpNow(e.secret, t.clock.now()),
          newPassword: 'first-own-password',
        })
      ).json<{ token: string }>().token;
      t.clock.advance(30_000);
      const c = (await step1(t, op.username, 'first-own-password')).json<{ challenge: string }>();
      const two = (
        await step2(t, { challenge: c.challenge, code: totpNow(e.secret, t.clock.now()) })
      ).json<{
        token: string;
      }>().token;
      const change = (body: unknown) =>
        t.call('PUT', '/api/operator/password', { token: two, body });
      const wrong = await change({
        currentPassword: 'not-it-at-all',
        newPassword: 'second-own-password',
      });
      expect([wrong.statusCode, wrong.json()]).toEqual([400, { message: 'WRONG_PASSWORD' }]);
      const same = await change({
        currentPassword: 'first-own-password',
        newPassword: 'first-own-password',
      });
      expect([same.statusCode, same.json()]).toEqual([
        400,
        { message: 'KEY_INVALID', field: 'newPassword' },
      ]);
      const short = await change({ currentPassword: 'first-own-password', newPassword: 'short' });
      expect([short.statusCode, short.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      const ok = await change({
        currentPassword: 'first-own-password',
        newPassword: 'second-own-password',
      });
      expect([ok.statusCode, ok.json()]).toEqual([200, { message: 'SUCCESS', revoked: 1 }]);
      expect((await t.call('GET', '/api/operator/me', { token: one })).statusCode).toBe(401);
      expect((await t.call('GET', '/api/operator/me', { token: two })).statusCode).toBe(200);
      expect((await step1(t, op.username, 'first-own-password')).statusCode).toBe(401);
      expect((await step1(t, op.username, 'second-own-password')).statusCode).toBe(200);
      const rows = await t.db
        .selectFrom('audit_log')
        .select(['outcome', 'target', 'before_json', 'after_json'])
        .where('action', '=', 'PUT /api/operator/password')
        .where('operator_username', '=', op.username)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.outcome)).toEqual([
        'WRONG_PASSWORD',
        'KEY_INVALID',
        'KEY_INVALID',
        'ok',
      ]);
      expect(rows.at(-1)).toMatchObject({
        target: `operator:${op.id}`,
        after_json: JSON.stringify({ changed: 'password', sessionsRevoked: 1 }),
      });
      for (const row of rows)
        expect(`${row.before_json}${row.after_json}`).not.toMatch(/own-password|not-it/);
    });

    it('the seed leaves a password the operator chose; an unchanged one still follows OPERATOR_PASSWORD', async () => {
      const t = get();
      const admin = await t.operatorToken();
      const changed = await t.call('PUT', '/api/operator/password', {
        token: admin,
        body: {
          currentPassword: t.config.operatorPassword,
          newPassword: 'the-admins-own-password',
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      try {
        await seed({ db: t.db, clock: t.clock, config: t.config, passwords: t.app.deps.passwords });
        expect((await step1(t, 'admin', 'the-admins-own-password')).statusCode).toBe(200);
        expect((await step1(t, 'admin', t.config.operatorPassword)).statusCode).toBe(401);
        // The demo support still has OPERATOR_PASSWORD and no change asked (demo data).
        expect((await step1(t, 'support', t.config.operatorPassword)).json()).toMatchObject({
          passwordChange: false,
        });
      } finally {
        // Back to the demo password for the other tests of this file.
        const hash = await t.app.deps.passwords.hash(t.config.operatorPassword);
        await t.db
          .updateTable('operators')
          .set({ password_hash: hash, password_changed_at: null })
          .where('username', '=', 'admin')
          .execute();
      }
    });

    it('without demo data the seeded admin must choose its own password at the first sign-in', async () => {
      const t = get();
      await t.db
        .updateTable('operators')
        .set({ password_change_required: 0 })
        .where('username', '=', 'admin')
        .execute();
      await seed({
        db: t.db,
        clock: t.clock,
        config: { ...t.config, seedDemo: false },
        passwords: t.app.deps.passwords,
      });
      try {
        expect((await step1(t, 'admin', t.config.operatorPassword)).json()).toMatchObject({
          passwordChange: true,
        });
      } finally {
        await t.db
          .updateTable('operators')
          .set({ password_change_required: 0 })
          .where('username', '=', 'admin')
          .execute();
      }
    });
  });

  describe('the authenticator secret at rest (decision 0118)', () => {
    it('is sealed; a secret left in clear by an older release is sealed at start and still signs in', async () => {
      const t = get();
      const rows = await t.db.selectFrom('operators').select(['username', 'totp_secret']).execute();
      for (const row of rows.filter((r) => r.totp_secret !== null)) {
        expect(row.totp_secret, row.username).toMatch(/^v1\./);
        expect(row.totp_secret).not.toContain(t.config.operatorDemoTotpSecret);
      }
      // As an older release wrote it: the base32 secret itself.
      await t.db
        .updateTable('operators')
        .set({ totp_secret: t.config.operatorDemoTotpSecret })
        .where('username', '=', 'marketing')
        .execute();
      await seed({ db: t.db, clock: t.clock, config: t.config, passwords: t.app.deps.passwords });
      const sealed = await t.db
        .selectFrom('operators')
        .select(['id', 'totp_secret'])
        .where('username', '=', 'marketing')
        .executeTakeFirstOrThrow();
      expect(sealed.totp_secret).toMatch(/^v1\./);
      // Sealed for this operator's row: copied onto another operator's row it does not open.
      const other = sealTotpSecret(
        t.config.games.credentialsKey,
        sealed.id + 1,
        'JBSWY3DPEHPK3PXP',
      );
      expect(other).not.toBe(sealed.totp_secret);
      t.clock.advance(60_000);
      const token = await t.freshOperatorSession('marketing');
      expect((await t.call('GET', '/api/operator/me', { token })).statusCode).toBe(200);
    });
  });
});
