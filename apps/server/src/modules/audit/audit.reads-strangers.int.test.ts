// The audit log (issue 25 section 2.6, decision 0119): operators' reads of member data leave
// a row (member page and tabs, search, CSV exports, slip images), and what callers without a
// session can write is bounded: failed sign-ins keep a short user agent, and at most
// AUDIT_SIGN_IN_ROWS_PER_IP_HOUR rows per address and AUDIT_SIGN_IN_ROWS_PER_HOUR in all are
// written per hour (one `audit_rows_suppressed` row marks the overflow).
import { describe, expect, it } from 'vitest';
import { forEachDialect, type TestApp } from '../../../test/helpers';
import { newMember } from '../../../test/reliability/money-helpers';
import { heldSlip } from '../../../test/slip-review-support';

const PER_IP = 5;
const PER_HOUR = 12;

const rowsOf = (t: TestApp, action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

const countRows = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

forEachDialect(
  'audit: reads of member data, and what strangers can write',
  (get) => {
    describe('reads of member data', () => {
      it('the member page, its tabs, the search and CSV exports each write a row naming who and what', async () => {
        const t = get();
        const m = await newMember(t);
        const support = await t.operatorTokenAs('support');
        for (const path of [
          `/api/operator/members/${m.memberNo}`,
          `/api/operator/members/${m.memberNo}/statement`,
          `/api/operator/members?q=${m.memberNo}`,
        ]) {
          const res = await t.call('GET', path, {
            token: support,
            headers: { 'user-agent': 'reader' },
          });
          expect(res.statusCode, res.body).toBe(200);
        }
        expect(await rowsOf(t, 'GET /api/operator/members/:memberNo')).toEqual([
          expect.objectContaining({
            operator_username: 'support',
            target: `memberNo:${m.memberNo}`,
            outcome: 'ok',
            user_agent: 'reader',
          }),
        ]);
        expect(await rowsOf(t, 'GET /api/operator/members/:memberNo/statement')).toHaveLength(1);
        const search = await rowsOf(t, 'GET /api/operator/members');
        expect(JSON.parse(search.at(-1)!.after_json!)).toEqual({ q: m.memberNo });
        // A refused read is a row too (marketing may not read members).
        await t.call('GET', `/api/operator/members/${m.memberNo}`, {
          token: await t.operatorTokenAs('marketing'),
        });
        expect((await rowsOf(t, 'GET /api/operator/members/:memberNo')).at(-1)).toMatchObject({
          operator_username: 'marketing',
          outcome: 'UNAUTHORIZED',
        });
        const day = new Date().toISOString().slice(0, 10);
        const csv = await t.call('GET', `/api/operator/reports/daily.csv?from=${day}&to=${day}`, {
          token: await t.operatorTokenAs('cashier'),
        });
        expect(csv.statusCode).toBe(200);
        const exported = await rowsOf(t, 'GET /api/operator/reports/daily.csv');
        expect(exported.at(-1)).toMatchObject({ operator_username: 'cashier', outcome: 'ok' });
        expect(JSON.parse(exported.at(-1)!.after_json!)).toEqual({ from: day, to: day });
        // Reads that show no member data stay unlogged (the dashboard).
        const before = await countRows(t);
        await t.call('GET', '/api/operator/dashboard', { token: support });
        expect(await countRows(t)).toBe(before);
      });

      it("an operator's view of a slip image writes a row", async () => {
        const t = get();
        const held = await heldSlip(t, 25_000);
        const list = await t.call('GET', `/api/operator/deposits/slips?member=${held.memberNo}`, {
          token: await t.operatorTokenAs('cashier'),
        });
        const image = list.json<{ rows: { image: string | null }[] }>().rows[0]!.image!;
        const seen = await t.app.inject({
          method: 'GET',
          url: image,
          headers: { 'user-agent': 'viewer' },
        });
        expect(seen.statusCode).toBe(200);
        expect((await rowsOf(t, 'GET /static/slips/:ref')).at(-1)).toMatchObject({
          operator_username: 'cashier',
          role: 'cashier',
          target: `slip:${held.ref}`,
          outcome: 'ok',
          user_agent: 'viewer',
        });
      });
    });

    describe('what strangers can write', () => {
      it('failed sign-ins keep 160 characters of the user agent, and at most PER_IP rows per address', async () => {
        const t = get();
        const agent = `Mozilla/5.0 ${'x'.repeat(300)}`;
        const before = (await rowsOf(t, 'login_failed')).length;
        const answers: number[] = [];
        for (let i = 0; i < 30; i++) {
          const res = await t.call('POST', '/api/operator/login', {
            body: { username: `nobody${i}`, password: 'wrong-password' },
            ip: '203.0.113.50',
            headers: { 'user-agent': agent },
          });
          answers.push(res.statusCode);
        }
        // Every attempt is still refused; only the rows are bounded.
        expect(answers.every((s) => s === 401)).toBe(true);
        const rows = (await rowsOf(t, 'login_failed')).slice(before);
        expect(rows).toHaveLength(PER_IP);
        for (const row of rows) expect(row.user_agent).toHaveLength(160);
      });

      it('from many addresses: at most PER_HOUR rows an hour, then one suppressed marker', async () => {
        const t = get();
        t.clock.advance(61 * 60 * 1000); // a fresh hour
        const before = await countRows(t);
        for (let i = 0; i < 40; i++)
          await t.call('POST', '/api/operator/login', {
            body: { username: `stranger${i}`, password: 'wrong-password' },
            ip: `198.18.${Math.floor(i / 200)}.${i % 200}`,
          });
        const added = (
          await t.db.selectFrom('audit_log').selectAll().orderBy('id').execute()
        ).slice(before);
        expect(added.filter((r) => r.action === 'login_failed')).toHaveLength(PER_HOUR);
        expect(added.filter((r) => r.action === 'audit_rows_suppressed')).toHaveLength(1);
        expect(added).toHaveLength(PER_HOUR + 1);
        // A known operator still signs in, and its success is written.
        const token = await t.freshOperatorSession('support');
        expect(token).toEqual(expect.any(String));
        expect((await rowsOf(t, 'login_ok')).at(-1)).toMatchObject({
          operator_username: 'support',
        });
      });
    });
  },
  { audit: { signInRowsPerIpHour: PER_IP, signInRowsPerHour: PER_HOUR } },
);
