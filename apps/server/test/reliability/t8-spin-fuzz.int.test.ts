// reliability.md T8 for the spin wheel's money calls (decision 0082): generated spin and
// claim requests (bodies, raw text, missing / malformed / reused Idempotency-Keys) on both
// dialects. Pass figure: 0 HTTP 5xx, no refused request that moved money or coins, no
// invalid body accepted, a reused key never spends a second coin or pays twice, and the
// coins spent equal the spins stored.
import { api } from '@wallet/contract';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import type { TestApp } from '../helpers';
import { ledgerCheck } from '../../src/modules/ledger';
import { caseArb, keyHeader, parsedBody } from './fuzz';
import type { KeyMode } from './fuzz';
import { ledgerFingerprint, newMember } from './money-helpers';

const RUNS = 500;
const seedFromEnv = Number(process.env.T8_SEED ?? '') || undefined;

async function state(t: TestApp, memberId: number) {
  const coin = (
    await t.db
      .selectFrom('members')
      .select('coin')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow()
  ).coin;
  return `${coin}|${await ledgerFingerprint(t.db)}`;
}

forEachDialect('T8 spin fuzzing', (get) => {
  it(
    `survives ${RUNS} generated spin and ${RUNS} claim requests`,
    { timeout: 600_000 },
    async () => {
      const t = get();
      const m = await newMember(t);
      await t.db.updateTable('members').set({ coin: 200 }).where('id', '=', m.id).execute();
      const figures = {
        serverErrors: 0,
        rejectedThatMoved: 0,
        invalidAccepted: 0,
        replaysThatMoved: 0,
        ok: 0,
      };
      const used: string[] = [];
      const sent = new Map<string, string>();
      const headersFor = (mode: KeyMode, reuse: number): Record<string, string> => ({
        'x-wallet-user': 'member',
        authorization: `Bearer ${m.token}`,
        'content-type': 'application/json',
        ...keyHeader(mode, used, reuse),
      });

      // Spin: no body in the contract; anything sent is ignored or refused, never a 5xx.
      const spinCase = fc.record({
        mode: fc.constantFrom<KeyMode>('fresh', 'fresh', 'missing', 'malformed', 'reuse', 'reuse'),
        reuse: fc.nat(),
        payload: fc.oneof(
          fc.constant(''),
          fc.constant('{}'),
          fc.json(),
          fc.string({ maxLength: 30 }),
        ),
      });
      await fc.assert(
        fc.asyncProperty(spinCase, async (c) => {
          const before = await state(t, m.id);
          const headers = headersFor(c.mode, c.reuse);
          const res = await t.app.inject({
            method: 'POST',
            url: api.spin.spin.path,
            headers,
            payload: c.payload,
          });
          const moved = (await state(t, m.id)) !== before;
          const ok = res.statusCode === 200;
          if (res.statusCode >= 500) figures.serverErrors++;
          if (!ok && moved) figures.rejectedThatMoved++;
          if (ok) figures.ok++;
          const k = headers['idempotency-key'];
          if (k && k !== 'bad key!') {
            if (sent.has(k) && sent.get(k) === c.payload && moved) figures.replaysThatMoved++;
            if (!sent.has(k)) sent.set(k, c.payload);
          }
          return res.statusCode < 500 && !(!ok && moved);
        }),
        { numRuns: RUNS, ...(seedFromEnv ? { seed: seedFromEnv } : {}), endOnFailure: true },
      );
      const spins = await t.db
        .selectFrom('spins')
        .select('id')
        .where('member_id', '=', m.id)
        .execute();
      const coins = (await state(t, m.id)).split('|')[0];
      expect(Number(coins)).toBe(200 - spins.length);

      // Claim: the member's coupons (some claimed as we go), other ids and junk.
      const coupons = (
        await t.db.selectFrom('spin_coupons').select('id').where('member_id', '=', m.id).execute()
      ).map((r) => String(r.id));
      expect(coupons.length).toBeGreaterThan(0);
      const claimArb = caseArb(api.spin.claim, {
        strings: { coupon: [...coupons, '0', '999999999', `${coupons[0]} `] },
      });
      await fc.assert(
        fc.asyncProperty(claimArb, async (c) => {
          const before = await ledgerFingerprint(t.db);
          const headers = headersFor(c.keyMode, c.reuseIndex);
          const payload = c.kind === 'raw' ? c.text : JSON.stringify(c.body);
          const res = await t.app.inject({
            method: 'POST',
            url: api.spin.claim.path,
            headers,
            payload,
          });
          const moved = (await ledgerFingerprint(t.db)) !== before;
          const ok = res.statusCode === 200;
          if (res.statusCode >= 500) figures.serverErrors++;
          if (!ok && moved) figures.rejectedThatMoved++;
          const parsed = parsedBody(c);
          if (ok && (!parsed.ok || !api.spin.claim.body.safeParse(parsed.value).success))
            figures.invalidAccepted++;
          const k = headers['idempotency-key'];
          if (k && k !== 'bad key!') {
            if (sent.has(k) && sent.get(k) === payload && moved) figures.replaysThatMoved++;
            if (!sent.has(k)) sent.set(k, payload);
          }
          return res.statusCode < 500 && !(!ok && moved) && figures.invalidAccepted === 0;
        }),
        { numRuns: RUNS, ...(seedFromEnv ? { seed: seedFromEnv } : {}), endOnFailure: true },
      );
      console.log(`T8 [${t.dialect}] spin+claim: ${JSON.stringify(figures)} spins=${spins.length}`);
      expect(figures).toMatchObject({
        serverErrors: 0,
        rejectedThatMoved: 0,
        invalidAccepted: 0,
        replaysThatMoved: 0,
      });
      expect(figures.ok).toBeGreaterThan(0);
      // Each coupon paid at most once, by its own key.
      const paid = await t.db
        .selectFrom('ledger_transactions')
        .select('idempotency_key')
        .where('idempotency_key', 'like', 'coupon:%')
        .execute();
      expect(new Set(paid.map((p) => p.idempotency_key)).size).toBe(paid.length);
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    },
  );
});
