import { describe, expect, it } from 'vitest';
import { forEachDialect } from '../../../test/helpers';
import { reconcilePass } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import { createQr, deliverWebhook } from '../../../test/deposit-support';
import type { QrAnswer } from '../../../test/deposit-support';
import { balances, ledgerFingerprint, newMember } from '../../../test/reliability/money-helpers';
import { NO_QR_STATE as NO_QR, type QrGatewayCode } from '@wallet/contract';
import { ledgerCheck } from '../ledger';
import { creditQrPayment, qrDepositFlow } from './deposits.qr';

async function paidQr(t: TestApp, bank: QrGatewayCode, baht: number) {
  const m = await newMember(t);
  const qr = (await createQr(t, m.token, bank, baht)).json<QrAnswer>();
  const event = t.qr.pay(bank, qr.qrcodeId!);
  return { m, qr, event };
}

const creditsOf = async (t: TestApp, txnId: string) =>
  (
    await t.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('external_ref', 'like', `qr:%:${txnId}`)
      .execute()
  ).length;

forEachDialect('QR webhook', (get) => {
  describe('POST /api/webhooks/qr/:gateway', () => {
    it('credits the paid QR once, with a statement row; replays answer OK without a second credit', async () => {
      const t = get();
      const { m, qr, event } = await paidQr(t, 'KBANK', 123.45);
      // Not a member call: no X-Wallet-User header, no token.
      const res = await deliverWebhook(t, event);
      expect([res.statusCode, res.json()]).toEqual([200, { message: 'OK' }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 12345, hold: 0 });
      const replay = await deliverWebhook(t, event);
      expect([replay.statusCode, replay.json()]).toEqual([200, { message: 'OK' }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 12345, hold: 0 });
      expect(await creditsOf(t, event.txnId)).toBe(1);
      const statement = await t.call('POST', '/api/statement', {
        token: m.token,
        body: { page: 1, limit: 10 },
      });
      expect(statement.json<{ statements: unknown[] }>().statements).toEqual([
        expect.objectContaining({
          _id: qr.qrcodeId,
          statementType: 'deposit',
          status: 'SUCCESS',
          from: 'KBANK',
          to: 'WALLET',
          amount: 123.45,
        }),
      ]);
      const row = await t.db
        .selectFrom('qr_deposits')
        .selectAll()
        .where('ref', '=', qr.qrcodeId!)
        .executeTakeFirstOrThrow();
      expect([row.status, row.txn_id, row.next_attempt_at]).toEqual(['PAID', event.txnId, null]);
      expect((await t.call('GET', '/api/qrcode/KBANK', { token: m.token })).json()).toMatchObject({
        hasQrcode: false,
      });
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });

    it('tells the QR view the QR was paid (decision 0054), for one QR lifetime', async () => {
      const t = get();
      const { m, qr, event } = await paidQr(t, 'WW', 150);
      const state = () => t.call('GET', '/api/qrcode/WW', { token: m.token });
      expect((await state()).json()).toMatchObject({ hasQrcode: true, qrcodeId: qr.qrcodeId });
      expect((await deliverWebhook(t, event)).statusCode).toBe(200);
      const paid = (await state()).json<QrAnswer>();
      expect(paid).toEqual({
        qrcodeId: qr.qrcodeId,
        hasQrcode: false,
        qrcode: null,
        amount: 150,
        expireIn: null,
        message: 'SUCCESS',
        paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      // Other banks know nothing of it; cancelling it answers NO_DATA (it is paid).
      expect((await t.call('GET', '/api/qrcode/KBANK', { token: m.token })).json()).toEqual(NO_QR);
      const cancel = await t.call('DELETE', `/api/qrcode/${qr.qrcodeId}`, { token: m.token });
      expect([cancel.statusCode, cancel.json()]).toEqual([409, { message: 'NO_DATA' }]);
      t.clock.advance(t.config.deposits.qrExpirySeconds * 1000 + 1000);
      expect((await state()).json()).toEqual(NO_QR);
    });

    it('stops reporting a paid QR once a newer QR of that bank exists', async () => {
      const t = get();
      const { m, qr, event } = await paidQr(t, 'KBANK', 20);
      expect((await deliverWebhook(t, event)).statusCode).toBe(200);
      const next = (await createQr(t, m.token, 'KBANK', 30)).json<QrAnswer>();
      expect(next.qrcodeId).not.toBe(qr.qrcodeId);
      expect(
        (await t.call('DELETE', `/api/qrcode/${next.qrcodeId}`, { token: m.token })).statusCode,
      ).toBe(200);
      expect((await t.call('GET', '/api/qrcode/KBANK', { token: m.token })).json()).toEqual(NO_QR);
    });

    it('refuses bad, missing or stale signatures and tampered bodies with 401, moving nothing', async () => {
      const t = get();
      const { m, event } = await paidQr(t, 'WW', 150);
      const now = Math.floor(t.clock.now().getTime() / 1000);
      const before = await ledgerFingerprint(t.db);
      const cases = [
        { signature: '0'.repeat(64) },
        { signature: 'not-hex' },
        { signature: `${'a'.repeat(64)}zz` },
        { secret: 'another-webhook-secret' },
        { timestamp: String(now - 301) },
        { timestamp: String(now + 301) },
        { timestamp: 'abc' },
        { rawBody: JSON.stringify({ ...event, amount: 1 }), signedBody: JSON.stringify(event) },
        { headers: { 'x-sandbox-signature': '' } },
      ];
      for (const options of cases) {
        const res = await deliverWebhook(t, event, options);
        expect([res.statusCode, res.json(), options]).toEqual([
          401,
          { message: 'UNAUTHORIZED' },
          options,
        ]);
      }
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/qr/WW',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      });
      expect([unsigned.statusCode, unsigned.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
      expect(await ledgerFingerprint(t.db)).toBe(before);
      // Inside the window (4 minutes old) it is accepted.
      const ok = await deliverWebhook(t, event, { timestamp: String(now - 240) });
      expect(ok.statusCode).toBe(200);
      expect(await balances(t.db, m.id)).toEqual({ cash: 15000, hold: 0 });
    });

    it('refuses an amount that is not our QR’s (logged, parked for review), never crediting it', async () => {
      const t = get();
      const { qr, event } = await paidQr(t, 'PAYTIMZ', 500);
      const before = await ledgerFingerprint(t.db);
      const res = await deliverWebhook(t, { ...event, amount: 5_000_000 });
      expect([res.statusCode, res.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
      expect(await ledgerFingerprint(t.db)).toBe(before);
      const row = await t.db
        .selectFrom('qr_deposits')
        .selectAll()
        .where('ref', '=', qr.qrcodeId!)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('REVIEW');
      expect(row.last_error).toMatch(/amount mismatch/);
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });

    it('keeps a QR parked in REVIEW for an operator: no later webhook or reconciler pass credits it', async () => {
      const t = get();
      const { m, qr, event } = await paidQr(t, 'KBANK', 300);
      const before = await ledgerFingerprint(t.db);
      const wrong = await deliverWebhook(t, { ...event, amount: 1 });
      expect([wrong.statusCode, wrong.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
      const rowOf = () =>
        t.db
          .selectFrom('qr_deposits')
          .selectAll()
          .where('ref', '=', qr.qrcodeId!)
          .executeTakeFirstOrThrow();
      expect((await rowOf()).status).toBe('REVIEW');
      // The delivery with our amount, and another transaction: refused, nothing credited.
      for (const later of [event, { ...event, txnId: 'TXNOTHER0001' }]) {
        const res = await deliverWebhook(t, later);
        expect([res.statusCode, res.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
      }
      // The reconciler's path (the gateway says paid, our amount) refuses it too, even when
      // it read the row before the row was parked.
      const viaReconciler = await creditQrPayment(t.app.deps, {
        gateway: 'KBANK',
        merchantRef: qr.qrcodeId!,
        chargeId: null,
        txnId: event.txnId,
        amount: event.amount,
        paidAt: event.paidAt,
      });
      expect(viaReconciler.kind).toBe('mismatch');
      await t.db
        .updateTable('qr_deposits')
        .set({ next_attempt_at: t.clock.now().toISOString() })
        .where('ref', '=', qr.qrcodeId!)
        .execute();
      const report = await reconcilePass(qrDepositFlow(t.app.deps), t.app.deps);
      expect(report.credited).toBe(0);
      expect(await ledgerFingerprint(t.db)).toBe(before);
      expect(await balances(t.db, m.id)).toEqual({ cash: 0, hold: 0 });
      expect(await creditsOf(t, event.txnId)).toBe(0);
      const row = await rowOf();
      expect([row.status, row.txn_id, row.ledger_tx_id]).toEqual(['REVIEW', null, null]);
      expect(row.last_error).toMatch(/amount mismatch/);
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });

    it('refuses a second transaction for a paid QR', async () => {
      const t = get();
      const { m, event } = await paidQr(t, 'PAYTIMZ', 500);
      expect((await deliverWebhook(t, event)).statusCode).toBe(200);
      const second = await deliverWebhook(t, { ...event, txnId: 'TXNOTHER0001' });
      expect([second.statusCode, second.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 50000, hold: 0 });
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });

    it('answers 404 for unknown references and gateways, 400 for malformed bodies', async () => {
      const t = get();
      const { event } = await paidQr(t, 'KBANK', 10);
      const before = await ledgerFingerprint(t.db);
      const unknownRef = await deliverWebhook(t, { ...event, merchantRef: 'QR0000000000000000FF' });
      expect([unknownRef.statusCode, unknownRef.json()]).toEqual([404, { message: 'NO_DATA' }]);
      const otherGateway = await deliverWebhook(t, { ...event, gateway: 'WW' });
      expect(otherGateway.statusCode).toBe(404); // WW never issued this reference
      const wrongPath = await deliverWebhook(t, event, { gatewayPath: 'WW' });
      expect([wrongPath.statusCode, wrongPath.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      const noGateway = await deliverWebhook(t, event, { gatewayPath: 'SCB' });
      expect([noGateway.statusCode, noGateway.json()]).toEqual([404, { message: 'NO_DATA' }]);
      for (const rawBody of ['{', '[]', '{"event":"charge.paid"}', 'null']) {
        const res = await deliverWebhook(t, event, { rawBody });
        expect([res.statusCode, res.json(), rawBody]).toEqual([
          400,
          { message: 'KEY_INVALID' },
          rawBody,
        ]);
      }
      const big = await deliverWebhook(t, event, {
        rawBody: JSON.stringify({ ...event, pad: 'x'.repeat(70_000) }),
      });
      expect(big.statusCode).toBe(413);
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/qr/KBANK',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(text.statusCode).toBe(415);
      expect(await ledgerFingerprint(t.db)).toBe(before);
    });

    it('still credits while the site is flagged gone', async () => {
      const t = get();
      const { m, event } = await paidQr(t, 'KBANK', 42);
      const op = await t.operatorToken();
      await t.call('PUT', '/api/operator/site', { token: op, body: { terminated: true } });
      try {
        const res = await deliverWebhook(t, event);
        expect([res.statusCode, res.json()]).toEqual([200, { message: 'OK' }]);
      } finally {
        await t.call('PUT', '/api/operator/site', { token: op, body: { terminated: false } });
      }
      expect(await balances(t.db, m.id)).toEqual({ cash: 4200, hold: 0 });
    });
  });

  describe('reconciler', () => {
    it('credits a paid QR whose webhook never came; a late webhook is then a duplicate', async () => {
      const t = get();
      const { m, event } = await paidQr(t, 'KBANK', 99);
      t.clock.advance(t.config.deposits.reconcileIntervalMs * 2 + 1000);
      t.qr.statusDown = true;
      const down = await reconcilePass(qrDepositFlow(t.app.deps), t.app.deps);
      expect(down.unknown).toBeGreaterThanOrEqual(1);
      expect(await balances(t.db, m.id)).toEqual({ cash: 0, hold: 0 });
      t.qr.statusDown = false;
      t.clock.advance(15 * 60_000);
      const report = await reconcilePass(qrDepositFlow(t.app.deps), t.app.deps);
      expect(report.credited).toBeGreaterThanOrEqual(1);
      expect(await balances(t.db, m.id)).toEqual({ cash: 9900, hold: 0 });
      const late = await deliverWebhook(t, event);
      expect([late.statusCode, late.json()]).toEqual([200, { message: 'OK' }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 9900, hold: 0 });
      expect(await creditsOf(t, event.txnId)).toBe(1);
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });

    it('credits a QR paid after the member created a new one (cancelled here, paid there)', async () => {
      const t = get();
      const m = await newMember(t);
      const first = (await createQr(t, m.token, 'KBANK', 10)).json<QrAnswer>();
      t.qr.delayMs = 0;
      const event = t.qr.pay('KBANK', first.qrcodeId!);
      await createQr(t, m.token, 'WW', 100); // cancels the first locally; its gateway says paid
      const res = await deliverWebhook(t, event);
      expect(res.statusCode).toBe(200);
      expect(await balances(t.db, m.id)).toEqual({ cash: 1000, hold: 0 });
      expect(await creditsOf(t, event.txnId)).toBe(1);
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });
  });
});
