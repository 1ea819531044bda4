// reliability.md T8 and T9 for the invite and refund endpoints (issue 12, decision 0074):
// generated bodies for the two lists and the operator's settings (no 5xx, no invalid body
// accepted, no money moved by a refusal), and the authorization matrix for every endpoint.
import { api } from '@wallet/contract';
import type { EndpointDef } from '@wallet/contract';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import { ledgerCheck } from '../../src/modules/ledger';
import { getSetting } from '../../src/modules/settings';
import { caseArb, emptyFigures, parsedBody } from './fuzz';
import type { FieldHints } from './fuzz';
import { ledgerFingerprint, newMember } from './money-helpers';

const RUNS = 1000;

forEachDialect('T8 invite and refund fuzzing', (get) => {
  it(
    `survives ${RUNS} generated requests per endpoint with a body`,
    { timeout: 600_000 },
    async () => {
      const t = get();
      const m = await newMember(t, 100);
      const operator = await t.operatorToken();
      const page: FieldHints = { amount: fc.integer({ min: -3, max: 120 }) };
      const targets: { def: EndpointDef; token: string; hints?: FieldHints }[] = [
        { def: api.invite.list, token: m.token, hints: page },
        { def: api.refund.list, token: m.token, hints: page },
        { def: api.operatorInviteRefund.setInvite, token: operator },
        { def: api.operatorInviteRefund.setRefund, token: operator },
      ];
      const invite = await getSetting(t.db, 'invite');
      const refund = await getSetting(t.db, 'refund');
      for (const target of targets) {
        const figures = emptyFigures();
        await fc.assert(
          fc.asyncProperty(caseArb(target.def, target.hints), async (c) => {
            const before = await ledgerFingerprint(t.db);
            const res = await t.app.inject({
              method: target.def.method,
              url: target.def.path,
              headers: {
                'x-wallet-user': 'member',
                authorization: `Bearer ${target.token}`,
                'content-type': 'application/json',
              },
              payload: c.kind === 'raw' ? c.text : JSON.stringify(c.body),
            });
            figures.cases++;
            figures.byStatus[res.statusCode] = (figures.byStatus[res.statusCode] ?? 0) + 1;
            const ok = res.statusCode >= 200 && res.statusCode < 300;
            if (res.statusCode >= 500) figures.serverErrors++;
            if (!ok && (await ledgerFingerprint(t.db)) !== before) figures.rejectedThatMoved++;
            const parsed = parsedBody(c);
            if (ok && (!parsed.ok || !target.def.body!.safeParse(parsed.value).success))
              figures.invalidAccepted++;
            return res.statusCode < 500 && figures.invalidAccepted === 0;
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
        console.log(
          `T8 [${t.dialect}] ${target.def.method} ${target.def.path}: cases=${figures.cases} ` +
            `5xx=${figures.serverErrors} invalidAccepted=${figures.invalidAccepted} ` +
            `rejectedThatMoved=${figures.rejectedThatMoved} byStatus=${JSON.stringify(figures.byStatus)}`,
        );
        expect([figures.cases, figures.serverErrors, figures.invalidAccepted]).toEqual([
          RUNS,
          0,
          0,
        ]);
        expect(figures.rejectedThatMoved).toBe(0);
      }
      // No generated body replaced the settings with something invalid.
      expect(await getSetting(t.db, 'invite')).toEqual(invite);
      expect(await getSetting(t.db, 'refund')).toEqual(refund);
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    },
  );
});

forEachDialect('T9 invite and refund authorization', (get) => {
  it('refuses anonymous callers, members on operator routes and the operator on member routes', async () => {
    const t = get();
    const a = await newMember(t, 100);
    const operator = await t.operatorToken();
    const defs = [
      ...Object.values(api.invite),
      ...Object.values(api.refund),
      ...Object.values(api.operatorInviteRefund),
    ] as EndpointDef[];
    const callers = { anonymous: undefined, member: a.token, operator } as const;
    const before = await ledgerFingerprint(t.db);
    let refused = 0;
    let expected = 0;
    for (const def of defs) {
      for (const [caller, token] of Object.entries(callers)) {
        if (def.access === caller) continue;
        expected++;
        const res = await t.call(def.method, def.path, {
          ...(token ? { token } : {}),
          ...(def.body ? { body: { page: 1, limit: 10 } } : {}),
        });
        const status = caller === 'anonymous' ? 401 : 403;
        expect([res.statusCode, res.json(), caller, def.path]).toEqual([
          status,
          { message: 'UNAUTHORIZED' },
          caller,
          def.path,
        ]);
        refused++;
      }
    }
    expect(refused).toBe(expected);
    expect(expected).toBe(defs.length * 2);
    expect(await ledgerFingerprint(t.db)).toBe(before);
  });

  it("answers only the caller's own invites and refunds", async () => {
    const t = get();
    const a = await newMember(t);
    const b = await newMember(t);
    await t.db.updateTable('members').set({ invited_by: a.id }).where('id', '=', b.id).execute();
    await t.db
      .insertInto('invite_rewards')
      .values({
        inviter_id: a.id,
        invitee_id: b.id,
        deposit_ref: `T9-${Date.now()}`,
        currency: 'BAHT',
        amount: 500,
        created_at: new Date().toISOString(),
        claim_id: null,
      })
      .execute();
    const list = (token: string) =>
      t.call('POST', '/api/invite', { token, body: { page: 1, limit: 10 } });
    expect((await list(a.token)).json()).toMatchObject({ total: 1 });
    expect((await list(b.token)).json()).toEqual({ total: 0, invites: [] });
    // B cannot claim A's rewards (nothing of B's own is waiting).
    const claim = await t.call('GET', '/api/invite/bonus', { token: b.token });
    expect(claim.json()).toEqual({ message: 'NO_INVITE_BONUS' });
  });
});
