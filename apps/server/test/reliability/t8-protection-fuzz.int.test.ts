// reliability.md T8 for player protection's member endpoints (issue 28, decision 0139):
// generated bodies (negative, huge, 3 decimals, NaN, wrong types, extra fields, 1 MB) against
// each endpoint with a body. Pass figure: 0 HTTP 5xx, no invalid body accepted, and no ledger
// change (these endpoints never move money).
import { api } from '@wallet/contract';
import type { EndpointDef } from '@wallet/contract';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ledgerCheck } from '../../src/modules/ledger';
import { forEachDialect } from '../helpers';
import { caseArb, parsedBody } from './fuzz';
import { ledgerFingerprint, newMember } from './money-helpers';

const RUNS = 200;
const targets: [string, EndpointDef][] = [
  ['setLimit', api.protection.setLimit],
  ['confirmLimit', api.protection.confirmLimit],
  ['timeOut', api.protection.timeOut],
  ['selfExclude', api.protection.selfExclude],
  ['realityCheck', api.protection.realityCheck],
];

forEachDialect('T8 protection fuzz', (get) => {
  for (const [name, def] of targets)
    it(`${name}: ${RUNS} generated bodies, 0 5xx, nothing invalid accepted, no money moved`, async () => {
      const t = get();
      const m = await newMember(t);
      const before = await ledgerFingerprint(t.db);
      let serverErrors = 0;
      let invalidAccepted = 0;
      await fc.assert(
        fc.asyncProperty(caseArb(def), async (c) => {
          const res = await t.app.inject({
            method: def.method,
            url: def.path,
            headers: {
              'x-wallet-user': 'member',
              authorization: `Bearer ${m.token}`,
              'content-type': 'application/json',
            },
            payload: c.kind === 'raw' ? c.text : JSON.stringify(c.body),
          });
          if (res.statusCode >= 500) serverErrors++;
          const parsed = parsedBody(c);
          const ok = res.statusCode >= 200 && res.statusCode < 300;
          if (ok && (!parsed.ok || !def.body!.safeParse(parsed.value).success)) invalidAccepted++;
          return serverErrors === 0 && invalidAccepted === 0;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      console.log(`T8 protection ${name} [${t.dialect}] cases=${RUNS} 5xx=${serverErrors}`);
      expect([serverErrors, invalidAccepted]).toEqual([0, 0]);
      expect(await ledgerFingerprint(t.db)).toBe(before);
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });
});
