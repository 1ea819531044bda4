// reliability.md T8: 1,000 generated requests per money endpoint (withdraw, withdrawAll,
// operator adjustments and withdrawal decisions, transfer, transferAll), on both dialects.
// Pass figure: 0 HTTP 5xx, 0 balance changes from rejected requests (the ledger's balances
// and posting count before and after each request), no invalid body accepted, no replay
// that moves money again. A failure prints fast-check's seed and the shrunk case.
import { api } from '@wallet/contract';
import type { EndpointDef } from '@wallet/contract';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import type { TestApp } from '../helpers';
import { ledgerCheck } from '../../src/modules/ledger';
import { caseArb, emptyFigures, keyHeader, parsedBody, stringArb } from './fuzz';
import type { FieldHints, FuzzCase, FuzzFigures } from './fuzz';
import { ledgerFingerprint, newMember, withdraw } from './money-helpers';

const RUNS = 1000;
const seedFromEnv = Number(process.env.T8_SEED ?? '') || undefined;

interface Target {
  name: string;
  def: EndpointDef;
  token: () => Promise<string>;
  url: (id: string) => string;
  hints?: FieldHints;
  ids?: fc.Arbitrary<unknown>;
}

async function fire(
  t: TestApp,
  target: Target,
  c: FuzzCase,
  id: string,
  used: string[],
): Promise<{ status: number; key?: string; payload: string }> {
  const headers: Record<string, string> = {
    'x-wallet-user': 'member',
    authorization: `Bearer ${await target.token()}`,
    'content-type': 'application/json',
    ...(target.def.idempotent ? keyHeader(c.keyMode, used, c.reuseIndex) : {}),
  };
  const payload = c.kind === 'raw' ? c.text : JSON.stringify(c.body);
  const res = await t.app.inject({
    method: target.def.method,
    url: target.url(id),
    headers,
    payload,
  });
  return { status: res.statusCode, key: headers['idempotency-key'], payload };
}

async function fuzz(t: TestApp, target: Target): Promise<FuzzFigures> {
  const figures = emptyFigures();
  const used: string[] = [];
  const sent = new Map<string, { payload: string; ok: boolean }>();
  const ids = target.ids ?? fc.constant('');
  await fc.assert(
    fc.asyncProperty(caseArb(target.def, target.hints), ids, async (c, rawId) => {
      const id = typeof rawId === 'string' ? rawId : JSON.stringify(rawId);
      const before = await ledgerFingerprint(t.db);
      const { status, key, payload } = await fire(t, target, c, id, used);
      const moved = (await ledgerFingerprint(t.db)) !== before;
      figures.cases++;
      figures.byStatus[status] = (figures.byStatus[status] ?? 0) + 1;
      const ok = status >= 200 && status < 300;
      if (status >= 500) figures.serverErrors++;
      if (!ok && moved) figures.rejectedThatMoved++;
      const parsed = parsedBody(c);
      if (ok && (!parsed.ok || !target.def.body!.safeParse(parsed.value).success)) {
        figures.invalidAccepted++;
      }
      if (key) {
        const first = sent.get(key);
        if (first && first.payload === payload && first.ok && moved) figures.replaysThatMoved++;
        if (!first) sent.set(key, { payload, ok });
      }
      return status < 500 && !(!ok && moved) && figures.invalidAccepted === 0;
    }),
    { numRuns: RUNS, ...(seedFromEnv ? { seed: seedFromEnv } : {}), endOnFailure: true },
  );
  return figures;
}

forEachDialect('T8 money endpoint fuzzing', (get) => {
  it(`survives ${RUNS} generated requests per money endpoint`, { timeout: 600_000 }, async () => {
    const t = get();
    const m = await newMember(t, 1_000_000);
    const activated = await t.call('GET', '/api/wallet/activate/PG', { token: m.token });
    expect(activated.statusCode).toBe(200);
    const toGame = await t.call('POST', '/api/wallet/transfer', {
      token: m.token,
      headers: { 'idempotency-key': `t8-setup-${Date.now()}` },
      body: { from: 'WALLET', to: 'PG', amount: 1000 },
    });
    expect(toGame.statusCode).toBe(200);
    const waiting: string[] = [];
    for (let i = 0; i < 5; i++) {
      waiting.push((await withdraw(t, m.token, 6000 + i)).json<{ reference: string }>().reference);
    }
    const member = async () => m.token;
    const operator = () => t.operatorToken();
    const games = ['WALLET', 'PG', 'NONE', 'JOKER', 'pg', 'WALLET '];
    // Valid amounts within the withdraw bounds (100..50,000 baht), both sides of the limit.
    const withdrawAmount = fc
      .integer({ min: 100_00, max: 8_000_00 })
      .map((satang) => Number((satang / 100).toFixed(2)));
    const targets: Target[] = [
      {
        name: 'withdraw',
        def: api.wallet.withdraw,
        token: member,
        url: () => api.wallet.withdraw.path,
        hints: { amount: withdrawAmount },
      },
      {
        name: 'withdrawAll',
        def: api.wallet.withdrawAll,
        token: member,
        url: () => api.wallet.withdrawAll.path,
        hints: { amount: withdrawAmount },
      },
      {
        name: 'adjustments',
        def: api.operator.adjust,
        token: operator,
        url: () => api.operator.adjust.path,
        hints: {
          strings: { memberId: [m.memberNo, '10001', '99999', ` ${m.memberNo}`], reason: ['fuzz'] },
        },
      },
      {
        name: 'decideWithdrawal',
        def: api.operator.decideWithdrawal,
        token: operator,
        url: (id) => `/api/operator/withdrawals/${encodeURIComponent(id)}`,
        ids: stringArb(waiting),
      },
      {
        name: 'transfer',
        def: api.wallet.transfer,
        token: member,
        url: () => api.wallet.transfer.path,
        hints: { strings: { from: games, to: games } },
      },
      {
        name: 'transferAll',
        def: api.wallet.transferAll,
        token: member,
        url: () => api.wallet.transferAll.path,
        hints: { strings: { to: games } },
      },
    ];
    const report: Record<string, FuzzFigures> = {};
    for (const target of targets) {
      const started = Date.now();
      const figures = await fuzz(t, target);
      report[target.name] = figures;
      console.log(
        `T8 [${t.dialect}] ${target.name}: cases=${figures.cases} 5xx=${figures.serverErrors} ` +
          `rejectedThatMoved=${figures.rejectedThatMoved} invalidAccepted=${figures.invalidAccepted} ` +
          `replaysThatMoved=${figures.replaysThatMoved} byStatus=${JSON.stringify(figures.byStatus)} ` +
          `ms=${Date.now() - started}`,
      );
    }
    for (const [name, figures] of Object.entries(report)) {
      expect([name, figures.cases]).toEqual([name, RUNS]);
      expect([name, figures.serverErrors, figures.rejectedThatMoved]).toEqual([name, 0, 0]);
      expect([name, figures.invalidAccepted, figures.replaysThatMoved]).toEqual([name, 0, 0]);
      // Some generated requests must get through, or the fuzzing proves little.
      expect(figures.byStatus[200] ?? 0, name).toBeGreaterThan(0);
    }
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });
});
