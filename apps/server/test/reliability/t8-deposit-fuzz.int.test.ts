// reliability.md T8 for the deposit endpoints, on both dialects: 1,000 generated requests
// each for QR create, QR cancel, gift-link redeem and the gateways' webhook. Pass figure:
// 0 HTTP 5xx, 0 balance changes from rejected requests, no invalid body accepted, and for
// the webhook: a credit only for a validly signed delivery, always of our QR's amount,
// never twice for one payment. A failure prints fast-check's seed and the shrunk case.
import { api } from '@wallet/contract';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { PaidEvent } from '../../src/adapters/memory-qr-gateway';
import { ledgerCheck } from '../../src/modules/ledger';
import { forEachDialect } from '../helpers';
import type { TestApp } from '../helpers';
import { createQr, deliverWebhook, encryptGiftLink } from '../deposit-support';
import type { QrAnswer, WebhookOptions } from '../deposit-support';
import { phoneOf } from './deposit-races';
import { caseArb, emptyFigures, keyHeader, numberArb, parsedBody, stringArb } from './fuzz';
import type { FieldHints, FuzzFigures } from './fuzz';
import { balances, ledgerFingerprint, newMember } from './money-helpers';

const RUNS = 1000;
const seedFromEnv = Number(process.env.T8_SEED ?? '') || undefined;
const settings = {
  numRuns: RUNS,
  ...(seedFromEnv ? { seed: seedFromEnv } : {}),
  endOnFailure: true,
};

function record(figures: FuzzFigures, status: number, moved: boolean): boolean {
  figures.cases++;
  figures.byStatus[status] = (figures.byStatus[status] ?? 0) + 1;
  const ok = status >= 200 && status < 300;
  if (status >= 500) figures.serverErrors++;
  if (!ok && moved) figures.rejectedThatMoved++;
  return ok;
}

/** Contract-body endpoints (QR create, gift link) through the shared case generator. */
async function fuzzBody(
  t: TestApp,
  token: string,
  def: typeof api.qr.create | typeof api.wallet.truelink,
  url: fc.Arbitrary<string>,
  hints: FieldHints,
): Promise<FuzzFigures> {
  const figures = emptyFigures();
  const used: string[] = [];
  const sent = new Map<string, { payload: string; ok: boolean }>();
  await fc.assert(
    fc.asyncProperty(caseArb(def, hints), url, async (c, path) => {
      const headers = {
        'x-wallet-user': 'member',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...keyHeader(c.keyMode, used, c.reuseIndex),
      };
      const payload = c.kind === 'raw' ? c.text : JSON.stringify(c.body);
      const before = await ledgerFingerprint(t.db);
      const res = await t.app.inject({ method: 'POST', url: path, headers, payload });
      const moved = (await ledgerFingerprint(t.db)) !== before;
      const ok = record(figures, res.statusCode, moved);
      const parsed = parsedBody(c);
      if (ok && (!parsed.ok || !def.body.safeParse(parsed.value).success))
        figures.invalidAccepted++;
      const key = (headers as Record<string, string>)['idempotency-key'];
      if (key) {
        const first = sent.get(key);
        if (first && first.payload === payload && first.ok && moved) figures.replaysThatMoved++;
        if (!first) sent.set(key, { payload, ok });
      }
      return res.statusCode < 500 && !(!ok && moved) && figures.invalidAccepted === 0;
    }),
    settings,
  );
  return figures;
}

const log = (dialect: string, name: string, f: FuzzFigures, extra = '') =>
  console.log(
    `T8 [${dialect}] ${name}: cases=${f.cases} 5xx=${f.serverErrors} ` +
      `rejectedThatMoved=${f.rejectedThatMoved} invalidAccepted=${f.invalidAccepted} ` +
      `replaysThatMoved=${f.replaysThatMoved} byStatus=${JSON.stringify(f.byStatus)}${extra}`,
  );

forEachDialect('T8 deposit endpoint fuzzing', (get) => {
  it(`survives ${RUNS} generated requests per deposit endpoint`, { timeout: 900_000 }, async () => {
    const t = get();
    const m = await newMember(t);
    const other = await newMember(t);
    const phone = await phoneOf(t.db, m.id);
    const report: Record<string, FuzzFigures> = {};

    // QR create: valid amounts on both sides of each bank's minimum; the bank in the path.
    const banks = ['KBANK', 'WW', 'PAYTIMZ', 'SCB', 'kbank', ''];
    report.qrCreate = await fuzzBody(
      t,
      m.token,
      api.qr.create,
      fc
        .oneof(
          { weight: 4, arbitrary: fc.constantFrom('KBANK', 'WW', 'PAYTIMZ') },
          { weight: 1, arbitrary: stringArb(banks).map((b) => encodeURIComponent(String(b))) },
        )
        .map((b) => `/api/qrcode/${b || 'X'}`),
      {
        amount: fc
          .integer({ min: 50, max: 200_000 })
          .map((s) => Number(`${Math.trunc(s / 100)}.${String(s % 100).padStart(2, '0')}`)),
      },
    );

    // Gift links: real links of the member's own vouchers among the generated strings.
    const links = Array.from({ length: 200 }, (_, i) =>
      encryptGiftLink(t.gifts.issue(phone, 200 + i).link),
    );
    const foreign = encryptGiftLink(t.gifts.issue('0899999999', 500).link);
    report.truelink = await fuzzBody(
      t,
      m.token,
      api.wallet.truelink,
      fc.constant('/api/wallet/truelink'),
      { strings: { link: [...links, foreign, encryptGiftLink('https://x/campaign/?v=1')] } },
    );

    // QR cancel: the member's own QRs, another member's, and generated ids.
    const own: string[] = [];
    for (let i = 0; i < 5; i++)
      own.push((await createQr(t, m.token, 'KBANK', 10 + i)).json<QrAnswer>().qrcodeId!);
    const theirs = (await createQr(t, other.token, 'WW', 100)).json<QrAnswer>().qrcodeId!;
    const cancel = emptyFigures();
    let foreignCancelled = 0;
    await fc.assert(
      fc.asyncProperty(stringArb([...own, theirs]), async (raw) => {
        const id = typeof raw === 'string' ? raw : JSON.stringify(raw);
        const before = await ledgerFingerprint(t.db);
        const res = await t.call('DELETE', `/api/qrcode/${encodeURIComponent(id) || 'X'}`, {
          token: m.token,
        });
        const moved = (await ledgerFingerprint(t.db)) !== before;
        const ok = record(cancel, res.statusCode, moved);
        if (ok && id === theirs) foreignCancelled++;
        return res.statusCode < 500 && !moved && foreignCancelled === 0;
      }),
      settings,
    );
    report.qrCancel = cancel;
    const theirRow = await t.db
      .selectFrom('qr_deposits')
      .select('status')
      .where('ref', '=', theirs)
      .executeTakeFirstOrThrow();
    expect(theirRow.status).toBe('OPEN');

    // Webhook: paid QRs (one per member: a member's next QR would cancel, and so settle,
    // the previous one) whose webhooks were never delivered, mutated.
    const events: (PaidEvent & { memberId: number })[] = [];
    for (let i = 0; i < 40; i++) {
      const payer = await newMember(t);
      const bank = (['KBANK', 'WW', 'PAYTIMZ'] as const)[i % 3]!;
      const qr = (await createQr(t, payer.token, bank, 100 + i)).json<QrAnswer>();
      events.push({ ...t.qr.pay(bank, qr.qrcodeId!), memberId: payer.id });
    }
    const webhook = emptyFigures();
    let unsignedCredits = 0;
    let wrongAmountCredits = 0;
    const credited = new Set<string>();
    const now = () => Math.floor(t.clock.now().getTime() / 1000);
    const field = fc.constantFrom('amount', 'merchantRef', 'txnId', 'gateway', 'event', 'chargeId');
    const webhookCase = fc.record({
      index: fc.nat({ max: events.length - 1 }),
      signing: fc.constantFrom('valid', 'valid', 'valid', 'secret', 'garbage', 'stale', 'missing'),
      mutation: fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        {
          weight: 3,
          arbitrary: fc.record({
            field,
            value: fc.oneof(numberArb(fc.integer({ min: 1, max: 10_000_000 })), stringArb([])),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ extra: fc.constantFrom('balance', 'memberId', 'role') }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ raw: fc.constantFrom('{', 'null', '[]', '1', '"x"', '{"a":') }),
        },
      ),
      path: fc.oneof(
        { weight: 6, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom('WW', 'SCB', 'kbank', '..', '%00') },
      ),
    });
    await fc.assert(
      fc.asyncProperty(webhookCase, async (c) => {
        const { memberId, ...event } = events[c.index]!;
        let body: unknown = event;
        let rawBody: string | undefined;
        if (c.mutation && 'field' in c.mutation)
          body = { ...event, [c.mutation.field]: c.mutation.value };
        if (c.mutation && 'extra' in c.mutation) body = { ...event, [c.mutation.extra]: 1 };
        if (c.mutation && 'raw' in c.mutation) rawBody = c.mutation.raw;
        const options: WebhookOptions = { gatewayPath: c.path ?? event.gateway };
        if (rawBody !== undefined) options.rawBody = rawBody;
        if (c.signing === 'secret') options.secret = 'not-the-webhook-secret';
        if (c.signing === 'garbage') options.signature = 'f'.repeat(64);
        if (c.signing === 'stale') options.timestamp = String(now() - 3600);
        if (c.signing === 'missing') options.headers = { 'x-sandbox-signature': '' };
        const before = await ledgerFingerprint(t.db);
        const cashBefore = (await balances(t.db, memberId)).cash;
        const res = await deliverWebhook(t, body as PaidEvent, options);
        const moved = (await ledgerFingerprint(t.db)) !== before;
        const ok = record(webhook, res.statusCode, moved);
        if (moved) {
          if (c.signing !== 'valid') unsignedCredits++;
          const grew = (await balances(t.db, memberId)).cash - cashBefore;
          if (grew !== event.amount) wrongAmountCredits++;
          if (credited.has(event.txnId)) webhook.replaysThatMoved++;
          credited.add(event.txnId);
        }
        return (
          res.statusCode < 500 &&
          !(!ok && moved) &&
          unsignedCredits === 0 &&
          wrongAmountCredits === 0 &&
          webhook.replaysThatMoved === 0
        );
      }),
      settings,
    );
    report.webhook = webhook;

    for (const [name, figures] of Object.entries(report)) {
      log(t.dialect, name, figures, name === 'webhook' ? ` credited=${credited.size}` : '');
      expect([name, figures.cases]).toEqual([name, RUNS]);
      expect([name, figures.serverErrors, figures.rejectedThatMoved]).toEqual([name, 0, 0]);
      expect([name, figures.invalidAccepted, figures.replaysThatMoved]).toEqual([name, 0, 0]);
      // Some generated requests must get through, or the fuzzing proves little.
      expect(figures.byStatus[200] ?? 0, name).toBeGreaterThan(0);
    }
    expect([unsignedCredits, wrongAmountCredits]).toEqual([0, 0]);
    expect(credited.size).toBeGreaterThan(10);
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });
});
