// The statement's range filter and its CSV / PDF export (issue 28, decision 0145).
import { expect, it } from 'vitest';
import { forEachDialect } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import { withTransaction } from '../../db/transaction';
import { bangkokDate } from '../../lib/bangkok-day';
import { recordStatement } from './index';

const DAY = 86_400_000;

async function memberWithRows(t: TestApp, username: string, prefix: string) {
  const token = await t.registerMember({ username });
  const row = await t.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return { token, memberId: row.id, prefix };
}

async function rowAt(
  t: TestApp,
  memberId: number,
  reference: string,
  related?: object,
  laterMs = 0,
) {
  await withTransaction(t.db, (trx) =>
    recordStatement(trx, t.clock, {
      memberId,
      reference,
      type: 'deposit',
      status: 'SUCCESS',
      from: 'OPERATOR',
      to: 'WALLET',
      amount: 12_345,
      ...(related ? { related } : {}),
    }),
  );
  // A row of a later day (the session would expire if the clock moved that far).
  if (laterMs)
    await t.db
      .updateTable('statement_items')
      .set({ created_at: new Date(t.clock.now().getTime() + laterMs).toISOString() })
      .where('reference', '=', reference)
      .execute();
}

const exportUrl = (q: Record<string, string>) =>
  `/api/statement/export?${new URLSearchParams(q).toString()}`;

forEachDialect(
  'statement range and export',
  (get) => {
    it('filters by a range of Bangkok days, only the caller rows; the spec body still works', async () => {
      const t = get();
      const alice = await memberWithRows(t, '0899100001', 'A');
      const bob = await memberWithRows(t, '0899100002', 'B');
      const day0 = bangkokDate(t.clock.now());
      const day40 = bangkokDate(new Date(t.clock.now().getTime() + 40 * DAY));
      await rowAt(t, alice.memberId, 'ADJ-A1');
      await rowAt(t, bob.memberId, 'ADJ-B1');
      await rowAt(t, alice.memberId, 'ADJ-A2', undefined, 40 * DAY);
      await rowAt(t, alice.memberId, 'ADJ-A3', undefined, 80 * DAY);

      const list = async (token: string, body: object) => {
        const res = await t.call('POST', '/api/statement', { token, body });
        return { status: res.statusCode, json: res.json<Record<string, unknown>>() };
      };
      // The spec's body: every row.
      const all = await list(alice.token, { page: 1, limit: 10 });
      expect(all.json).toMatchObject({ total: 3 });
      expect(all.json.total).toBe(3);
      // One day: only that day's row.
      const first = await list(alice.token, { page: 1, limit: 10, from: day0, to: day0 });
      expect(first.status).toBe(200);
      expect((first.json.statements as { _id: string }[]).map((row) => row._id)).toEqual([
        'ADJ-A1',
      ]);
      const two = await list(alice.token, { page: 1, limit: 10, from: day0, to: day40 });
      expect((two.json.statements as { _id: string }[]).map((row) => row._id)).toEqual([
        'ADJ-A2',
        'ADJ-A1',
      ]);
      expect(two.json.total).toBe(2);
      // Bob's token gets Bob's rows only, the same range.
      const bobs = await list(bob.token, { page: 1, limit: 10, from: day0, to: day40 });
      expect((bobs.json.statements as { _id: string }[]).map((row) => row._id)).toEqual(['ADJ-B1']);
    });

    it('refuses a malformed, reversed, one-sided or longer than 12 months range with its code', async () => {
      const t = get();
      const token = await t.login('0812345678', 'demo1234');
      const bad = [
        { from: '2025-01-01' },
        { to: '2025-01-01' },
        { from: '2025-13-01', to: '2025-12-01' },
        { from: '2025-02-30', to: '2025-03-01' },
        { from: '20250101', to: '2025-03-01' },
        { from: '2025-03-02', to: '2025-03-01' },
        { from: '2025-01-01', to: '2026-01-01' },
        { from: '2024-02-29', to: '2025-03-01' },
      ];
      for (const range of bad) {
        const res = await t.call('POST', '/api/statement', {
          token,
          body: { page: 1, limit: 10, ...range },
        });
        expect(res.statusCode, JSON.stringify(range)).toBe(400);
        expect(res.json(), JSON.stringify(range)).toMatchObject({
          message: 'STATEMENT_RANGE_INVALID',
        });
        if (range.from && range.to) {
          const file = await t.call('GET', exportUrl({ ...range, format: 'csv' }), { token });
          expect(file.statusCode, JSON.stringify(range)).toBe(400);
          expect(file.json()).toMatchObject({ message: 'STATEMENT_RANGE_INVALID' });
        }
      }
      // Exactly 12 months less a day is the longest range.
      const longest = await t.call('POST', '/api/statement', {
        token,
        body: { page: 1, limit: 10, from: '2025-01-01', to: '2025-12-31' },
      });
      expect(longest.statusCode).toBe(200);
      // Not a format the export makes; an unknown field.
      for (const q of <Record<string, string>[]>[
        { from: '2025-01-01', to: '2025-01-02', format: 'xls' },
        { from: '2025-01-01', to: '2025-01-02', format: 'csv', memberId: '1' },
      ]) {
        expect((await t.call('GET', exportUrl(q), { token })).statusCode).toBe(400);
      }
      // Anonymous callers.
      expect(
        (await t.call('GET', exportUrl({ from: '2025-01-01', to: '2025-01-02', format: 'csv' })))
          .statusCode,
      ).toBe(401);
    });

    it("exports the caller's rows of a range as CSV (BOM, member's language) and as PDF", async () => {
      const t = get();
      const alice = await memberWithRows(t, '0899100003', 'A');
      const bob = await memberWithRows(t, '0899100004', 'B');
      const day = bangkokDate(t.clock.now());
      await rowAt(t, alice.memberId, 'ADJ-X1', {
        bonus: { description: { th: 'โบนัสต้อนรับ', la: 'ໂບນັດຕ້ອນຮັບ', en: 'Welcome, "new"' } },
      });
      await rowAt(t, bob.memberId, 'ADJ-Y1');
      const csv = await t.call(
        'GET',
        exportUrl({ from: day, to: day, format: 'csv', lang: 'la' }),
        {
          token: alice.token,
        },
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="statement-${day}-${day}.csv"`,
      );
      expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
      expect(lines[0]).toBe('ວັນທີ,ປະເພດ,ລາຍລະອຽດ,ສະຖານະ,ຈຳນວນເງິນ (ບາດ)');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},ຝາກເງິນ,ຜູ້ດູແລລະບົບ → ກະເປົາເງິນ · ໂບນັດຕ້ອນຮັບ,ສຳເລັດ,123\.45$/,
      );
      // English, from the Accept-Language when no lang is given; quotes escaped.
      const en = await t.call('GET', exportUrl({ from: day, to: day, format: 'csv' }), {
        token: alice.token,
        headers: { 'accept-language': 'en' },
      });
      const enLines = en.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
      expect(enLines[0]).toBe('Date,Type,Description,Status,Amount (THB)');
      expect(enLines[1]).toContain('"Operator → Wallet · Welcome, ""new""",Success,123.45');
      // Bob's token: Bob's row only.
      const bobs = await t.call(
        'GET',
        exportUrl({ from: day, to: day, format: 'csv', lang: 'th' }),
        {
          token: bob.token,
        },
      );
      const bobLines = bobs.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
      expect(bobLines).toHaveLength(2);
      expect(bobLines[1]).toContain('ผู้ดูแลระบบ → กระเป๋าเงิน,สำเร็จ,123.45');
      expect(bobLines[1]).not.toContain('โบนัสต้อนรับ');

      const pdf = await t.call(
        'GET',
        exportUrl({ from: day, to: day, format: 'pdf', lang: 'th' }),
        {
          token: alice.token,
        },
      );
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.rawPayload.length).toBeGreaterThan(1000);
    });
  },
  { statement: { exportPerMemberPerMin: 1000 } },
);

forEachDialect(
  'statement export limit',
  (get) => {
    it('limits exports per member per minute (429 REQUEST_LIMIT)', async () => {
      const t = get();
      const token = await t.login('0812345678', 'demo1234');
      const url = exportUrl({ from: '2025-01-01', to: '2025-01-31', format: 'csv' });
      expect((await t.call('GET', url, { token })).statusCode).toBe(200);
      expect((await t.call('GET', url, { token })).statusCode).toBe(200);
      const third = await t.call('GET', url, { token });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ message: 'REQUEST_LIMIT' });
    });
  },
  { statement: { exportPerMemberPerMin: 2 } },
);
