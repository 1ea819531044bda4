// The audit walker (issue 13, decision 0086): every changing (non-GET) operator endpoint of the
// contract, and every audited read of member data (`auditRead`, decision 0119), is called
// once, with its fixture's request, and must answer 2xx and write exactly one audit row
// naming it, with the operator, the outcome `ok` and where the call came from. An endpoint
// without a fixture fails the first test: a new endpoint cannot skip the log.
/// <reference types="vite/client" />
import { randomUUID } from 'node:crypto';
import {
  allEndpoints,
  auditActionOf,
  auditedRoutes,
  buildPath,
  SLIP_IMAGE_ACTION,
} from '@wallet/contract';
import { expect, it } from 'vitest';
import { forEachDialect, type TestApp } from './helpers';
import { SLIP_IMAGE_PATH } from '../src/modules/slips/slips.links';
import type { OperatorFixtures } from './operator-endpoints/fixture';

const files = import.meta.glob<{ fixtures: OperatorFixtures }>(
  './operator-endpoints/*.fixtures.ts',
  { eager: true },
);

function allFixtures(): { fixtures: OperatorFixtures; duplicates: string[] } {
  const fixtures: OperatorFixtures = {};
  const duplicates: string[] = [];
  for (const file of Object.values(files)) {
    for (const [key, fixture] of Object.entries(file.fixtures)) {
      if (key in fixtures) duplicates.push(key);
      fixtures[key] = fixture;
    }
  }
  return { fixtures, duplicates };
}

const changing = allEndpoints().filter(
  ({ def }) => def.access === 'operator' && (def.method !== 'GET' || def.auditRead === true),
);
const keyOf = (def: { method: string; path: string }) => `${def.method} ${def.path}`;
// Sign-outs last: they end sessions the other fixtures may have cached.
const ordered = [...changing].sort(
  (a, b) => Number(a.def.path.includes('/logout')) - Number(b.def.path.includes('/logout')),
);

const lastAuditId = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

forEachDialect('operator audit walker', (get) => {
  it('has exactly one fixture for every changing operator endpoint, and none for others', () => {
    const { fixtures, duplicates } = allFixtures();
    expect(duplicates).toEqual([]);
    const missing = changing.map(({ def }) => keyOf(def)).filter((key) => !(key in fixtures));
    expect(missing, 'changing operator endpoints without an audit fixture').toEqual([]);
    const known = new Set(changing.map(({ def }) => keyOf(def)));
    expect(Object.keys(fixtures).filter((key) => !known.has(key))).toEqual([]);
    // The contract's list of audited actions (the console labels each, issue 26) is this one.
    expect([...auditedRoutes.keys()].sort()).toEqual([...known].sort());
    expect(SLIP_IMAGE_ACTION).toBe(`GET ${SLIP_IMAGE_PATH}`);
  });

  it('writes one audit row for each changing operator call', async () => {
    const t = get();
    const { fixtures } = allFixtures();
    const silent: string[] = [];
    for (const { def } of ordered) {
      const key = keyOf(def);
      const fixture = fixtures[key];
      if (!fixture) continue; // reported by the test above
      const call = await fixture(t);
      const token = call.token ?? (await t.operatorToken());
      const query = call.query
        ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]): [string, string] => [k, String(v)]))}`
        : '';
      const since = await lastAuditId(t);
      const res = await t.call(def.method, `${buildPath(def.path, call.params)}${query}`, {
        token,
        ...(call.body !== undefined ? { body: call.body } : {}),
        headers: {
          ...call.headers,
          'user-agent': 'audit-walker',
          ...(def.idempotent ? { 'idempotency-key': randomUUID() } : {}),
        },
      });
      expect(res.statusCode, `${key}: ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(300);
      const rows = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '>', since)
        .where('action', '=', key)
        .execute();
      if (rows.length !== 1) silent.push(`${key}: ${rows.length} rows`);
      else
        expect(rows[0], key).toMatchObject({
          outcome: 'ok',
          operator_username: expect.any(String),
          role: expect.any(String),
          ip: expect.any(String),
          user_agent: 'audit-walker',
        });
    }
    expect(silent).toEqual([]);
    // Every action written meanwhile (the calls, the sign-ins) is one the console labels.
    const actions = await t.db.selectFrom('audit_log').select('action').distinct().execute();
    expect(actions.map((r) => r.action).filter((a) => !auditActionOf(a))).toEqual([]);
    console.log(
      `audit walker [${t.dialect}]: ${ordered.length} changing operator endpoints and ` +
        `audited reads, each wrote exactly 1 audit row`,
    );
  });
});
