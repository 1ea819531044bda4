// reliability.md T8 for the statement's range and export (issue 28, decision 0145): generated
// bodies against POST /api/statement (its spec fields and the optional range) and generated
// query strings against GET /api/statement/export. Pass figure: 0 HTTP 5xx, no invalid body
// accepted, a range answered 200 only when it is one the server allows.
import { api } from '@wallet/contract';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { rangeOf } from '../../src/modules/statement/statement.service';
import { forEachDialect } from '../helpers';
import { caseArb, parsedBody } from './fuzz';
import { newMember } from './money-helpers';

const RUNS = 200;

const dayArb = fc.oneof(
  fc
    .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('2025-02-29', '2024-02-29', '0000-00-00', '2025-1-1', ''),
);
const allowed = (from: string, to: string) => {
  try {
    rangeOf(from, to);
    return true;
  } catch {
    return false;
  }
};

forEachDialect(
  'T8 statement fuzz',
  (get) => {
    it(`list: ${RUNS} generated bodies, 0 5xx, nothing invalid accepted`, async () => {
      const t = get();
      const m = await newMember(t);
      let serverErrors = 0;
      let invalidAccepted = 0;
      await fc.assert(
        fc.asyncProperty(caseArb(api.statement.list), async (c) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/statement',
            headers: {
              'x-wallet-user': 'member',
              authorization: `Bearer ${m.token}`,
              'content-type': 'application/json',
            },
            payload: c.kind === 'raw' ? c.text : JSON.stringify(c.body),
          });
          if (res.statusCode >= 500) serverErrors++;
          const parsed = parsedBody(c);
          const ok = res.statusCode === 200;
          if (ok && (!parsed.ok || !api.statement.list.body.safeParse(parsed.value).success))
            invalidAccepted++;
          return serverErrors === 0 && invalidAccepted === 0;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      expect([serverErrors, invalidAccepted]).toEqual([0, 0]);
    });

    it(`list and export: ${RUNS} generated ranges, 200 exactly for allowed ones, else STATEMENT_RANGE_INVALID`, async () => {
      const t = get();
      const m = await newMember(t);
      await fc.assert(
        fc.asyncProperty(
          dayArb,
          dayArb,
          fc.constantFrom('csv', 'pdf'),
          async (from, to, format) => {
            const list = await t.call('POST', '/api/statement', {
              token: m.token,
              body: { page: 1, limit: 10, from, to },
            });
            const file = await t.call(
              'GET',
              `/api/statement/export?${new URLSearchParams({ from, to, format }).toString()}`,
              { token: m.token },
            );
            const expected = allowed(from, to) ? 200 : 400;
            for (const res of [list, file]) {
              expect(res.statusCode, `${from} ${to}`).toBe(expected);
              if (expected === 400 && from.length <= 32 && to.length <= 32)
                expect(res.json()).toMatchObject({ message: 'STATEMENT_RANGE_INVALID' });
            }
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
    });
  },
  { statement: { exportPerMemberPerMin: 100_000 } },
);
