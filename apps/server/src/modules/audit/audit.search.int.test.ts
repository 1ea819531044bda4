// The audit log's search (decision 0086; issue 26): `member:<number>`, the console's hint,
// finds the rows about that member, its changes (`member:<n>`) and the reads of its data
// (`memberNo:<n>`), and no other member's; any other text matches as a substring.
import type { AuditEntry } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { forEachDialect, type TestApp } from '../../../test/helpers';
import { newMember } from '../../../test/reliability/money-helpers';

async function search(t: TestApp, q: string): Promise<AuditEntry[]> {
  const res = await t.call('GET', `/api/operator/audit?q=${encodeURIComponent(q)}&pageSize=100`, {
    token: await t.operatorToken(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rows: AuditEntry[] }>().rows;
}

forEachDialect('audit log search', (get) => {
  describe('member:<number>', () => {
    it("finds the member's changes and the reads of its data, exactly that member", async () => {
      const t = get();
      const a = await newMember(t);
      const b = await newMember(t);
      const cashier = await t.operatorTokenAs('cashier');
      for (const m of [a, b]) {
        // Reads (target memberNo:<n>) and a change (target member:<n>).
        for (const tab of ['', '/statement', '/sessions'])
          expect(
            (await t.call('GET', `/api/operator/members/${m.memberNo}${tab}`, { token: cashier }))
              .statusCode,
          ).toBe(200);
        const note = await t.call('POST', `/api/operator/members/${m.memberNo}/notes`, {
          token: cashier,
          body: { text: `note about ${m.memberNo}` },
        });
        expect(note.statusCode, note.body).toBe(200);
      }
      const rows = await search(t, `member:${a.memberNo}`);
      expect(rows.map((r) => r.action).sort()).toEqual(
        [
          'GET /api/operator/members/:memberNo',
          'GET /api/operator/members/:memberNo/sessions',
          'GET /api/operator/members/:memberNo/statement',
          'POST /api/operator/members/:memberNo/notes',
        ].sort(),
      );
      expect(new Set(rows.map((r) => r.target))).toEqual(
        new Set([`memberNo:${a.memberNo}`, `member:${a.memberNo}`]),
      );
      // Any case, memberNo: too, spaces around.
      expect(await search(t, ` Member:${a.memberNo} `)).toHaveLength(4);
      expect(await search(t, `memberNo:${a.memberNo}`)).toHaveLength(4);
      // The number is exact: a part of it is nobody.
      expect(await search(t, `member:${a.memberNo.slice(0, -1)}`)).toEqual([]);
      // Other text still matches as a substring.
      expect((await search(t, 'members/:memberNo/notes')).length).toBeGreaterThanOrEqual(2);
    });
  });
});
