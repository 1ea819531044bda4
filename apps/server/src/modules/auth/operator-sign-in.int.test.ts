// Operator sign-in with password + authenticator code, roles and the audit trail of sign-in
// (issue 13, decision 0086).
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { totpNow } from '../../lib/totp';
import { openTotpSecret } from './auth.totp-secrets';
import { forEachDialect, type TestApp } from '../../../test/helpers';

const step1 = (t: TestApp, username: string, password = t.config.operatorPassword) =>
  t.call('POST', '/api/operator/login', { body: { username, password } });
const step2 = (t: TestApp, challenge: string, code: string) =>
  t.call('POST', '/api/operator/login/totp', { body: { challenge, code } });
const codeAt = (t: TestApp, aheadSteps = 0) =>
  totpNow(t.config.operatorDemoTotpSecret, new Date(t.clock.now().getTime() + aheadSteps * 30_000));
const auditRows = (t: TestApp, action: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();

forEachDialect('operator sign-in', (get) => {
  it('asks for the code after the password, and opens a session for the right one', async () => {
    const t = get();
    t.clock.advance(60_000); // a step no earlier test of this operator used
    const first = await step1(t, 'cashier');
    expect(first.statusCode).toBe(200);
    const { step, challenge } = first.json<{ step: string; challenge: string }>();
    expect(step).toBe('totp');
    const wrong = await step2(t, challenge, codeAt(t) === '000000' ? '111111' : '000000');
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { message: 'OTP_CODE_INVALID' }]);
    const ok = await step2(t, challenge, codeAt(t));
    expect(ok.statusCode).toBe(200);
    const session = ok.json<{ token: string; operator: unknown; idleMinutes: number }>();
    expect(session.operator).toEqual({
      id: expect.any(Number),
      username: 'cashier',
      displayName: 'Cashier Nok',
      role: 'cashier',
    });
    expect(session.idleMinutes).toBe(t.config.session.operatorIdleMinutes);
    const me = await t.call('GET', '/api/operator/me', { token: session.token });
    expect(me.json()).toMatchObject({ operator: { username: 'cashier', role: 'cashier' } });
    // The challenge is spent; the same code is good once, even with a fresh challenge.
    const reuse = await step2(t, challenge, codeAt(t));
    expect(reuse.json()).toEqual({ message: 'OTP_TOKEN_INVALID' });
    const again = (await step1(t, 'cashier')).json<{ challenge: string }>().challenge;
    const replay = await step2(t, again, codeAt(t));
    expect(replay.json()).toEqual({ message: 'OTP_CODE_INVALID' });
    expect((await auditRows(t, 'login_totp_failed'))[0]).toMatchObject({
      operator_username: 'cashier',
      role: 'cashier',
      outcome: 'login_totp_failed',
      ip: expect.any(String),
    });
    expect((await auditRows(t, 'login_ok'))[0]).toMatchObject({ operator_username: 'cashier' });
  });

  it('spends a challenge after five wrong codes, and one past its five minutes', async () => {
    const t = get();
    const { challenge } = (await step1(t, 'support')).json<{ challenge: string }>();
    const right = codeAt(t);
    const wrongCodes = ['000001', '000002', '000003', '000004', '000005'].filter(
      (c) => c !== right,
    );
    for (const code of wrongCodes.slice(0, 5)) await step2(t, challenge, code);
    const late = await step2(t, challenge, right);
    expect([late.statusCode, late.json()]).toEqual([400, { message: 'OTP_TOKEN_INVALID' }]);

    // The five wrong codes locked this IP out of `support` (the sign-in throttle): another IP.
    const fromElsewhere = await t.call('POST', '/api/operator/login', {
      body: { username: 'support', password: t.config.operatorPassword },
      ip: '10.9.8.7',
    });
    const { challenge: slow } = fromElsewhere.json<{ challenge: string }>();
    t.clock.advance(5 * 60_000 + 1_000);
    const expired = await t.call('POST', '/api/operator/login/totp', {
      body: { challenge: slow, code: codeAt(t) },
      ip: '10.9.8.7',
    });
    expect(expired.json()).toEqual({ message: 'OTP_EXPIRED' });
  });

  it('enrols an authenticator at the first sign-in: QR, secret, then a code proves it', async () => {
    const t = get();
    await t.db
      .insertInto('operators')
      .values({
        username: 'newcomer',
        password_hash: await t.app.deps.passwords.hash('newcomer-pass-1'),
        status: 'active',
        created_at: t.clock.now().toISOString(),
        role: 'support',
        display_name: 'New Person',
        totp_secret: null,
        totp_last_step: null,
      })
      .execute();
    const first = await step1(t, 'newcomer', 'newcomer-pass-1');
    const enrol = first.json<{
      step: string;
      challenge: string;
      secret: string;
      otpauthUrl: string;
      qrSvg: string;
    }>();
    expect(enrol.step).toBe('enrol');
    expect(enrol.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrol.otpauthUrl).toContain(`secret=${enrol.secret}`);
    expect(enrol.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Nothing is stored until a code proves the app has the secret.
    const before = await t.db
      .selectFrom('operators')
      .select('totp_secret')
      .where('username', '=', 'newcomer')
      .executeTakeFirstOrThrow();
    expect(before.totp_secret).toBeNull();
    const ok = await step2(t, enrol.challenge, totpNow(enrol.secret, t.clock.now()));
    expect(ok.statusCode).toBe(200);
    const after = await t.db
      .selectFrom('operators')
      .select(['id', 'totp_secret'])
      .where('username', '=', 'newcomer')
      .executeTakeFirstOrThrow();
    // Sealed with the server key (decision 0118): never the secret itself.
    expect(after.totp_secret).toMatch(/^v1\./);
    expect(after.totp_secret).not.toContain(enrol.secret);
    expect(openTotpSecret(t.config.games.credentialsKey, after.id, after.totp_secret!)).toBe(
      enrol.secret,
    );
    expect((await step1(t, 'newcomer', 'newcomer-pass-1')).json()).toMatchObject({ step: 'totp' });
    expect((await auditRows(t, 'login_ok_enrolled'))[0]).toMatchObject({
      operator_username: 'newcomer',
    });
  });

  it('refuses a wrong password with WRONG_CREDENTIAL and writes it to the audit log', async () => {
    const t = get();
    const res = await step1(t, 'marketing', 'not-the-password');
    expect([res.statusCode, res.json()]).toEqual([401, { message: 'WRONG_CREDENTIAL' }]);
    expect((await auditRows(t, 'login_failed'))[0]).toMatchObject({
      operator_username: 'marketing',
      outcome: 'login_failed',
    });
  });

  it('signs out everywhere: every session of the operator ends', async () => {
    const t = get();
    const a = await t.freshOperatorSession('marketing');
    const b = await t.freshOperatorSession('marketing');
    const out = await t.call('POST', '/api/operator/logout/all', { token: a });
    expect(out.json()).toEqual({ message: 'OK', revoked: 2 });
    for (const token of [a, b]) {
      const me = await t.call('GET', '/api/operator/me', { token });
      expect([me.statusCode, me.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
    }
  });
});

forEachDialect('operator roles and the audit log', (get) => {
  it('refuses a role the endpoint does not list with 403, and audits the refusal', async () => {
    const t = get();
    const support = await t.operatorTokenAs('support');
    const refused = await t.call('PUT', '/api/operator/settings/registerOTP', {
      token: support,
      body: { registerOTP: false },
    });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    const [row] = await auditRows(t, 'PUT /api/operator/settings/registerOTP');
    expect(row).toMatchObject({ operator_username: 'support', outcome: 'UNAUTHORIZED' });
    // A GET is refused the same way (and, being a read, leaves no row).
    const read = await t.call('GET', '/api/operator/audit', { token: support });
    expect([read.statusCode, read.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    // A refused input is audited too, with the code it was refused with.
    const bad = await t.call('PUT', '/api/operator/settings/registerOTP', {
      token: await t.operatorToken(),
      body: { registerOTP: 'yes' },
    });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    const [badRow] = await auditRows(t, 'PUT /api/operator/settings/registerOTP');
    expect(badRow).toMatchObject({ operator_username: 'admin', outcome: 'KEY_INVALID' });
  });

  it('writes who, what, from where, before and after for an action; the log searches', async () => {
    const t = get();
    const admin = await t.operatorToken();
    const res = await t.call('PUT', '/api/operator/settings/registerOTP', {
      token: admin,
      body: { registerOTP: true },
      headers: { 'user-agent': 'audit-test/1.0' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await auditRows(t, 'PUT /api/operator/settings/registerOTP');
    expect(row).toMatchObject({
      operator_username: 'admin',
      role: 'admin',
      outcome: 'ok',
      user_agent: 'audit-test/1.0',
    });
    expect(JSON.parse(row!.after_json!)).toEqual({ registerOTP: true });

    const search = await t.call('GET', '/api/operator/audit?q=registerotp&pageSize=5', {
      token: admin,
    });
    expect(search.statusCode).toBe(200);
    const page = search.json<{ rows: { action: string; after: unknown }[]; total: number }>();
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.rows[0]).toMatchObject({
      action: 'PUT /api/operator/settings/registerOTP',
      after: { registerOTP: true },
    });
    const bad = await t.call('GET', '/api/operator/audit?pageSize=999', { token: admin });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });

  it('keeps the audit log append-only in the database itself', async () => {
    const t = get();
    await t.call('PUT', '/api/operator/settings/registerOTP', {
      token: await t.operatorToken(),
      body: { registerOTP: true },
    });
    await expect(sql`update audit_log set outcome = 'changed'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    if (t.dialect === 'postgres')
      await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    const left = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBeGreaterThan(0);
  });
});
