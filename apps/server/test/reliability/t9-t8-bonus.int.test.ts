// reliability.md T9 (authorization) and T8 (generated input) for the bonus, promotion-code
// and operator-bonus endpoints (issue 12), on both dialects. T9: every caller without the
// endpoint's access gets 401/403 UNAUTHORIZED. T8: generated codes and operator bodies give
// no 5xx and move no money (the ledger fingerprint), and ending with the ledger check.
import { allEndpoints, api } from '@wallet/contract';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { bonusBody, operatorCall } from '../bonus-support';
import { forEachDialect, uniquePhone } from '../helpers';
import { ledgerCheck } from '../../src/modules/ledger';
import { ledgerFingerprint } from './money-helpers';

const GROUPS = new Set(['bonus', 'promotion', 'operatorBonus']);
const RUNS = 200;

forEachDialect('T9 and T8 for bonuses and promotion codes', (get) => {
  it('T9: refuses every caller without the right access alike', async () => {
    const t = get();
    const member = await t.registerMember({ username: uniquePhone() });
    const callers = { anonymous: undefined, member, operator: await t.operatorToken() } as const;
    let refused = 0;
    const endpoints = allEndpoints().filter((e) => GROUPS.has(e.group));
    expect(endpoints).toHaveLength(15);
    for (const { def } of endpoints) {
      const path = def.path.replace(':code', 'WELCOME');
      for (const [caller, token] of Object.entries(callers)) {
        const res = await t.call(def.method, path, {
          ...(token ? { token } : {}),
          ...(def.body ? { body: {} } : {}),
        });
        const label = `${caller} ${def.method} ${path}`;
        if (def.access === caller) {
          expect([401, 403], label).not.toContain(res.statusCode);
          expect(res.statusCode, label).toBeLessThan(500);
        } else {
          expect([res.statusCode, res.json(), label]).toEqual([
            caller === 'anonymous' ? 401 : 403,
            { message: 'UNAUTHORIZED' },
            label,
          ]);
          refused++;
        }
      }
    }
    expect(refused).toBe(endpoints.length * 2);
  });

  it('T8: generated codes and operator bodies: no 5xx, no money moved', async () => {
    const t = get();
    const member = await t.registerMember({ username: uniquePhone() });
    const before = await ledgerFingerprint(t.db);
    const memberPaths = [
      api.bonus.activate.path,
      api.promotion.find.path,
      api.promotion.activate.path,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...memberPaths),
        fc.string({ maxLength: 40, unit: 'binary' }),
        async (path, code) => {
          const res = await t.call('GET', path.replace(':code', encodeURIComponent(code)), {
            token: member,
          });
          expect(res.statusCode, `${path} ${JSON.stringify(code)}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
    const valid = bonusBody();
    const field = fc.constantFrom(...(Object.keys(valid) as (keyof typeof valid)[]));
    await fc.assert(
      fc.asyncProperty(field, fc.anything(), async (key, value) => {
        const res = await operatorCall(t, 'POST', '/api/operator/bonuses', {
          ...bonusBody(),
          [key]: value,
        });
        expect(res.statusCode, `${key}=${JSON.stringify(value)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (body) => {
        const res = await operatorCall(t, 'POST', '/api/operator/promotions', body);
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    expect(await ledgerFingerprint(t.db)).toBe(before);
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });
});
