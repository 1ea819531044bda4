// reliability.md T8 for player protection's member endpoints (issue 28, decision 0139):
// generated bodies (negative, huge, 3 decimals, NaN, wrong types, extra fields, 1 MB) against
// each endpoint with a body. Pass figure: 0 HTTP 5xx, no invalid body accepted, and no ledger
// change (these endpoints never move money).
// The operator endpoints of protection and of the markers of harm (decision 0146), each with
// its role: the same generated bodies, and generated member numbers in the path. Pass figure:
// 0 HTTP 5xx, every refusal a catalogue error code, no invalid body accepted, and nothing
// changed by a refusal (blocks, history, notes, contacted marks, the thresholds, the ledger).
import { api, isErrorCode } from '@wallet/contract';
import type { EndpointDef, OperatorRole } from '@wallet/contract';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ledgerCheck } from '../../src/modules/ledger';
import { forEachDialect } from '../helpers';
import { caseArb, parsedBody } from './fuzz';
import type { FieldHints } from './fuzz';
import type { TestApp } from '../helpers';
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

const operatorTargets: [string, EndpointDef, OperatorRole, FieldHints][] = [
  [
    'protection time-out',
    api.operatorProtection.timeOut,
    'support',
    { strings: { reason: ['member asked by phone'] } },
  ],
  [
    'protection self-exclusion',
    api.operatorProtection.selfExclude,
    'cashier',
    { strings: { reason: ['member asked in chat'] } },
  ],
  ['harm note', api.operatorHarm.addNote, 'support', { strings: { text: ['called, all fine'] } }],
  ['harm contacted', api.operatorHarm.contacted, 'support', {}],
  [
    'harm thresholds',
    api.operatorHarm.saveSettings,
    'admin',
    { amount: fc.integer({ min: 1, max: 30 }) },
  ],
];

/** Everything the operator endpoints of protection and harm can change, in one string. */
async function operatorFingerprint(t: TestApp): Promise<string> {
  const count = async (
    table: 'protection_blocks' | 'protection_history' | 'harm_notes' | 'harm_contacts',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const harm = await t.db
    .selectFrom('operator_settings')
    .select('value_json')
    .where('key', '=', 'harm')
    .executeTakeFirst();
  const counts = [
    await count('protection_blocks'),
    await count('protection_history'),
    await count('harm_notes'),
    await count('harm_contacts'),
  ];
  return `${counts.join(',')}|${harm?.value_json ?? ''}|${await ledgerFingerprint(t.db)}`;
}

/** A refusal's body must be `{message: <catalogue code>, ...}`. */
const catalogued = (body: string): boolean => {
  try {
    return isErrorCode((JSON.parse(body) as { message?: unknown }).message);
  } catch {
    return false;
  }
};

/** Member numbers a console (or an attacker) could put in the path. */
const memberNoArb = (real: string) =>
  fc.oneof(
    fc.constant(real),
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.constantFrom(
      '0',
      '-1',
      '99999999999999999999999',
      '%00',
      '..%2F..',
      'null',
      'x'.repeat(300),
    ),
  );

forEachDialect('T8 protection and harm operator fuzz', (get) => {
  for (const [name, def, role, hints] of operatorTargets)
    it(`${name}: ${RUNS} generated bodies, 0 5xx, catalogue codes, nothing changed on refusal`, async () => {
      const t = get();
      const m = await newMember(t);
      const token = await t.operatorTokenAs(role);
      const url = def.path.replace(':memberNo', m.memberNo);
      const figures = { serverErrors: 0, uncatalogued: 0, invalidAccepted: 0, changedOnRefusal: 0 };
      const byStatus: Record<number, number> = {};
      await fc.assert(
        fc.asyncProperty(caseArb(def, hints), async (c) => {
          const before = await operatorFingerprint(t);
          const res = await t.app.inject({
            method: def.method,
            url,
            headers: {
              'x-wallet-user': 'member',
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
            },
            payload: c.kind === 'raw' ? c.text : JSON.stringify(c.body),
          });
          byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
          if (res.statusCode >= 500) figures.serverErrors++;
          const ok = res.statusCode >= 200 && res.statusCode < 300;
          const parsed = parsedBody(c);
          if (ok && (!parsed.ok || !def.body!.safeParse(parsed.value).success))
            figures.invalidAccepted++;
          if (!ok && !catalogued(res.body)) figures.uncatalogued++;
          if (!ok && (await operatorFingerprint(t)) !== before) figures.changedOnRefusal++;
          return Object.values(figures).every((n) => n === 0);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      console.log(
        `T8 operator ${name} [${t.dialect}] cases=${RUNS} byStatus=${JSON.stringify(byStatus)} ` +
          `${JSON.stringify(figures)}`,
      );
      expect(figures).toEqual({
        serverErrors: 0,
        uncatalogued: 0,
        invalidAccepted: 0,
        changedOnRefusal: 0,
      });
      // Some bodies get through (the rules behind validation are reached) and some do not.
      expect(Object.keys(byStatus).some((s) => Number(s) < 300)).toBe(true);
      expect(Object.keys(byStatus).some((s) => Number(s) >= 400)).toBe(true);
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });

  it(`generated member numbers in the path: ${RUNS} per endpoint, 0 5xx, catalogue codes`, async () => {
    const t = get();
    const m = await newMember(t);
    const support = await t.operatorTokenAs('support');
    const calls: [EndpointDef, unknown][] = [
      [api.operatorProtection.member, undefined],
      [api.operatorProtection.timeOut, { duration: '24h', reason: 'member asked by phone' }],
      [api.operatorHarm.addNote, { text: 'called, all fine' }],
      [api.operatorHarm.contacted, {}],
    ];
    const figures = { serverErrors: 0, uncatalogued: 0, changedOnRefusal: 0 };
    const byStatus: Record<number, number> = {};
    for (const [def, body] of calls)
      await fc.assert(
        fc.asyncProperty(memberNoArb(m.memberNo), async (memberNo) => {
          const before = await operatorFingerprint(t);
          const res = await t.call(
            def.method,
            def.path.replace(':memberNo', encodeURIComponent(memberNo)),
            { token: support, ...(body === undefined ? {} : { body }) },
          );
          byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
          if (res.statusCode >= 500) figures.serverErrors++;
          const ok = res.statusCode >= 200 && res.statusCode < 300;
          if (!ok && !catalogued(res.body)) figures.uncatalogued++;
          if (!ok && (await operatorFingerprint(t)) !== before) figures.changedOnRefusal++;
          return Object.values(figures).every((n) => n === 0);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    console.log(
      `T8 operator member numbers [${t.dialect}] cases=${RUNS * calls.length} ` +
        `byStatus=${JSON.stringify(byStatus)} ${JSON.stringify(figures)}`,
    );
    expect(figures).toEqual({ serverErrors: 0, uncatalogued: 0, changedOnRefusal: 0 });
    expect(byStatus[404]).toBeGreaterThan(0);
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });
});
