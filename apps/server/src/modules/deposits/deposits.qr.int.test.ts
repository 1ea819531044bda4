import { describe, expect, it } from 'vitest';
import { forEachDialect } from '../../../test/helpers';
import { reconcilePass } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import { createQr, depositKey } from '../../../test/deposit-support';
import type { QrAnswer } from '../../../test/deposit-support';
import { balances, newMember } from '../../../test/reliability/money-helpers';
import { ledgerCheck } from '../ledger';
import { qrDepositFlow } from './deposits.qr';

const NO_QR = {
  qrcodeId: null,
  hasQrcode: false,
  qrcode: null,
  amount: null,
  expireIn: null,
  message: null,
};

const qrRow = (t: TestApp, ref: string) =>
  t.db.selectFrom('qr_deposits').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();

forEachDialect('QR deposits', (get) => {
  describe('GET /api/qrcode/:bankCode', () => {
    it('answers the empty state, and 404 NO_DATA for banks that are not QR gateways', async () => {
      const t = get();
      const m = await newMember(t);
      for (const bank of ['KBANK', 'WW', 'PAYTIMZ']) {
        const res = await t.call('GET', `/api/qrcode/${bank}`, { token: m.token });
        expect([res.statusCode, res.json()]).toEqual([200, NO_QR]);
      }
      for (const bank of ['SCB', 'kbank', 'NOPE']) {
        const res = await t.call('GET', `/api/qrcode/${bank}`, { token: m.token });
        expect([res.statusCode, res.json()]).toEqual([404, { message: 'NO_DATA' }]);
      }
      const anonymous = await t.call('GET', '/api/qrcode/KBANK');
      expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
    });
  });

  describe('POST /api/qrcode/:bankCode', () => {
    it('creates a PromptPay QR (SVG), with our reference, amount and expiry', async () => {
      const t = get();
      const m = await newMember(t);
      const res = await createQr(t, m.token, 'KBANK', 100.5);
      expect(res.statusCode).toBe(200);
      const qr = res.json<QrAnswer>();
      expect(qr).toMatchObject({ hasQrcode: true, amount: 100.5, message: null });
      expect(qr.qrcodeId).toMatch(/^QR[0-9A-F]{18}$/);
      expect(qr.qrcode).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(qr.expireIn).toBeGreaterThan(595);
      expect(qr.expireIn).toBeLessThanOrEqual(600);
      const charge = t.qr.byRef('KBANK', qr.qrcodeId!)!;
      expect(charge).toMatchObject({ amount: 10050, status: 'OPEN' });
      expect(charge.callbackUrl).toBe(`${t.config.deposits.publicUrl}/api/webhooks/qr/KBANK`);
      expect(Date.parse(charge.expiresAt) - Date.now()).toBeGreaterThan(590_000);
      const state = await t.call('GET', '/api/qrcode/KBANK', { token: m.token });
      expect(state.json<QrAnswer>()).toMatchObject({ qrcodeId: qr.qrcodeId, hasQrcode: true });
      expect((await t.call('GET', '/api/qrcode/WW', { token: m.token })).json()).toEqual(NO_QR);
      const row = await qrRow(t, qr.qrcodeId!);
      expect(row).toMatchObject({ status: 'OPEN', amount: 10050, member_id: m.id });
      expect(await balances(t.db, m.id)).toEqual({ cash: 0, hold: 0 });
    });

    it('refuses amounts under the bank minimum with QR_FAIL and malformed ones with KEY_INVALID', async () => {
      const t = get();
      const m = await newMember(t);
      for (const [bank, amount] of [
        ['KBANK', 0.99],
        ['WW', 99.99],
        ['PAYTIMZ', 9.99],
      ] as const) {
        const res = await createQr(t, m.token, bank, amount);
        expect([res.statusCode, res.json(), bank]).toEqual([400, { message: 'QR_FAIL' }, bank]);
      }
      for (const [bank, amount] of [
        ['KBANK', 1],
        ['WW', 100],
        ['PAYTIMZ', 10],
      ] as const) {
        const res = await createQr(t, m.token, bank, amount);
        expect([res.statusCode, res.json<QrAnswer>().hasQrcode]).toEqual([200, true]);
      }
      for (const amount of [0, -5, 10.005, '100', null]) {
        const res = await createQr(t, m.token, 'KBANK', amount);
        expect([res.statusCode, res.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      }
      // A missing key is allowed (decision 0053); a malformed one is refused.
      const badKey = await createQr(t, m.token, 'KBANK', 5, 'bad key!');
      expect([badKey.statusCode, badKey.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      const scb = await createQr(t, m.token, 'SCB', 100);
      expect([scb.statusCode, scb.json()]).toEqual([404, { message: 'NO_DATA' }]);
    });

    it('keeps one open QR per member: a new QR cancels the other bank’s, at its gateway too', async () => {
      const t = get();
      const m = await newMember(t);
      const first = (await createQr(t, m.token, 'KBANK', 50)).json<QrAnswer>();
      const second = (await createQr(t, m.token, 'WW', 200)).json<QrAnswer>();
      expect(second.hasQrcode).toBe(true);
      expect((await t.call('GET', '/api/qrcode/KBANK', { token: m.token })).json()).toEqual(NO_QR);
      expect((await qrRow(t, first.qrcodeId!)).status).toBe('CANCELLED');
      expect((await qrRow(t, first.qrcodeId!)).next_attempt_at).toBeNull();
      expect(t.qr.byRef('KBANK', first.qrcodeId!)!.status).toBe('CANCELLED');
      const open = await t.db
        .selectFrom('qr_deposits')
        .select('ref')
        .where('member_id', '=', m.id)
        .where('status', 'in', ['CREATING', 'OPEN'])
        .execute();
      expect(open.map((r) => r.ref)).toEqual([second.qrcodeId]);
    });

    it('replays the first answer for the same idempotency key', async () => {
      const t = get();
      const m = await newMember(t);
      const key = depositKey();
      const a = (await createQr(t, m.token, 'PAYTIMZ', 10, key)).json<QrAnswer>();
      const b = (await createQr(t, m.token, 'PAYTIMZ', 10, key)).json<QrAnswer>();
      expect(b.qrcodeId).toBe(a.qrcodeId);
      const other = await createQr(t, m.token, 'PAYTIMZ', 20, key);
      expect([other.statusCode, other.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
      const rows = await t.db
        .selectFrom('qr_deposits')
        .select('ref')
        .where('member_id', '=', m.id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('answers hasQrcode false with QR_FAIL when the gateway cannot make the QR', async () => {
      const t = get();
      const m = await newMember(t);
      t.qr.failNext('refuse');
      const refused = await createQr(t, m.token, 'KBANK', 100);
      expect([refused.statusCode, refused.json()]).toEqual([200, { ...NO_QR, message: 'QR_FAIL' }]);
      t.qr.failNext('down');
      const down = await createQr(t, m.token, 'KBANK', 100);
      expect(down.json()).toEqual({ ...NO_QR, message: 'QR_FAIL' });
      const failed = await t.db
        .selectFrom('qr_deposits')
        .selectAll()
        .where('member_id', '=', m.id)
        .orderBy('id')
        .execute();
      expect(failed.map((r) => [r.status, r.next_attempt_at === null])).toEqual([
        ['FAILED', true],
        ['FAILED', false],
      ]);
      expect((await t.call('GET', '/api/qrcode/KBANK', { token: m.token })).json()).toEqual(NO_QR);
    });

    it('finds and cancels a charge whose create answer was lost (reconciler)', async () => {
      const t = get();
      const m = await newMember(t);
      t.qr.failNext('lost');
      const lost = await createQr(t, m.token, 'KBANK', 77);
      expect(lost.json()).toEqual({ ...NO_QR, message: 'QR_FAIL' });
      const row = await t.db
        .selectFrom('qr_deposits')
        .selectAll()
        .where('member_id', '=', m.id)
        .executeTakeFirstOrThrow();
      expect(t.qr.byRef('KBANK', row.ref)!.status).toBe('OPEN');
      t.clock.advance(t.config.deposits.gatewayTimeoutMs * 2 + 1000);
      const report = await reconcilePass(qrDepositFlow(t.app.deps), t.app.deps);
      // (Earlier tests' rows may be due too.)
      expect(report.cancelled).toBeGreaterThanOrEqual(1);
      expect(report.credited).toBe(0);
      expect(t.qr.byRef('KBANK', row.ref)!.status).toBe('CANCELLED');
      const after = await qrRow(t, row.ref);
      expect([after.status, after.charge_id, after.next_attempt_at]).toEqual([
        'FAILED',
        t.qr.byRef('KBANK', row.ref)!.chargeId,
        null,
      ]);
    });
  });

  describe('DELETE /api/qrcode/:qrcodeId', () => {
    it('cancels the member’s own QR only, here and at the gateway', async () => {
      const t = get();
      const m = await newMember(t);
      const other = await newMember(t);
      const qr = (await createQr(t, m.token, 'KBANK', 20)).json<QrAnswer>();
      const foreign = await t.call('DELETE', `/api/qrcode/${qr.qrcodeId}`, { token: other.token });
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: 'NO_DATA' }]);
      const unknown = await t.call('DELETE', '/api/qrcode/QR000000000000000000', {
        token: m.token,
      });
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
      const res = await t.call('DELETE', `/api/qrcode/${qr.qrcodeId}`, { token: m.token });
      expect([res.statusCode, res.json()]).toEqual([200, { message: 'OK' }]);
      expect((await t.call('GET', '/api/qrcode/KBANK', { token: m.token })).json()).toEqual(NO_QR);
      expect(t.qr.byRef('KBANK', qr.qrcodeId!)!.status).toBe('CANCELLED');
      expect(() => t.qr.pay('KBANK', qr.qrcodeId!)).toThrow('CANCELLED');
      const again = await t.call('DELETE', `/api/qrcode/${qr.qrcodeId}`, { token: m.token });
      expect([again.statusCode, again.json()]).toEqual([200, { message: 'OK' }]);
    });

    it('credits a QR that was paid just before its cancel reached the gateway', async () => {
      const t = get();
      const m = await newMember(t);
      const qr = (await createQr(t, m.token, 'KBANK', 30)).json<QrAnswer>();
      t.qr.pay('KBANK', qr.qrcodeId!); // paid; the webhook has not arrived yet
      const res = await t.call('DELETE', `/api/qrcode/${qr.qrcodeId}`, { token: m.token });
      expect([res.statusCode, res.json()]).toEqual([200, { message: 'OK' }]);
      expect((await qrRow(t, qr.qrcodeId!)).status).toBe('PAID');
      expect(await balances(t.db, m.id)).toEqual({ cash: 3000, hold: 0 });
      const paid = await t.call('DELETE', `/api/qrcode/${qr.qrcodeId}`, { token: m.token });
      expect([paid.statusCode, paid.json()]).toEqual([409, { message: 'NO_DATA' }]);
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });
  });

  describe('expiry', () => {
    it('discards a QR after QR_EXPIRY_SECONDS; the reconciler closes it; it cannot be paid', async () => {
      const t = get();
      const m = await newMember(t);
      const qr = (await createQr(t, m.token, 'WW', 100)).json<QrAnswer>();
      t.clock.advance(t.config.deposits.qrExpirySeconds * 1000 + 1000);
      expect((await t.call('GET', '/api/qrcode/WW', { token: m.token })).json()).toEqual(NO_QR);
      expect(() => t.qr.pay('WW', qr.qrcodeId!)).toThrow('EXPIRED');
      const report = await reconcilePass(qrDepositFlow(t.app.deps), t.app.deps);
      expect(report.expired).toBeGreaterThanOrEqual(1);
      const row = await qrRow(t, qr.qrcodeId!);
      expect([row.status, row.next_attempt_at]).toEqual(['EXPIRED', null]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 0, hold: 0 });
    });
  });
});
