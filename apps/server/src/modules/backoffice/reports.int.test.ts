// The operator's dashboard and reports (decision 0094) on SQLite and PostgreSQL: the sums
// match ledger transactions made through the API, Bangkok days turn at 17:00 UTC, the CSV
// files are Excel's (BOM, CRLF, Thai headings), and the roles are the contract's.
import type { DailyReport, Dashboard, LedgerReport } from '@wallet/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createBonus, deposit } from '../../../test/bonus-support';
import { newMember } from '../../../test/game-support';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect } from '../../../test/helpers';
import { adjust, withdraw } from '../../../test/reliability/money-helpers';
import { withTransaction } from '../../db/transaction';
import { bangkokDate } from '../../lib/bangkok-day';
import type { Clock } from '../../lib/clock';
import { accounts, ledgerCheck, post } from '../ledger';
import { addDays } from './reports.figures';

const fixedClock = (iso: string): Clock => ({ now: () => new Date(iso) });

async function asOperator(
  t: TestApp,
  url: string,
  role: 'admin' | 'cashier' | 'support' | 'marketing' = 'admin',
  headers: Record<string, string> = {},
) {
  return t.call('GET', url, { token: await t.operatorTokenAs(role), headers });
}

async function daily(t: TestApp, from: string, to: string): Promise<DailyReport> {
  const res = await asOperator(t, `/api/operator/reports/daily?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DailyReport>();
}

async function ledger(t: TestApp, from: string, to: string): Promise<LedgerReport> {
  const res = await asOperator(t, `/api/operator/reports/ledger?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LedgerReport>();
}

/** Baht difference, rounded to satang (the answers are baht numbers). */
const diff = (after: number, before: number) => Math.round((after - before) * 100) / 100;

forEachDialect('operator dashboard and reports', (get) => {
  afterEach(async () => {
    expect((await ledgerCheck(get().db)).violations).toEqual([]);
  });

  describe('daily report', () => {
    it('sums the deposits, withdrawals, adjustments and bonuses made through the API', async () => {
      const t = get();
      // Yesterday to tomorrow: the test may cross a Bangkok midnight.
      const today = bangkokDate(t.clock.now());
      const [from, to] = [addDays(today, -1), addDays(today, 1)];
      const before = (await daily(t, from, to)).totals;
      const transactionsBefore = (await ledger(t, from, to)).transactions;

      // A gift-link deposit of 1,000 that qualifies for a 100% bonus (capped at 500).
      const bonusCode = await createBonus(t);
      const a = await newMember(t);
      expect((await deposit(t, a, 100_000)).statusCode).toBe(200);
      const act = await t.call('GET', `/api/bonus/activate/${bonusCode}`, { token: a.token });
      expect(act.statusCode, act.body).toBe(200);
      // A member funded by an adjustment of 1,000, debited 100, who withdraws 250.50 (paid).
      const b = await newMember(t, 1000);
      const debit = await adjust(t, {
        memberId: b.memberNo,
        amount: 100,
        direction: 'debit',
        reason: 'report test',
      });
      expect(debit.statusCode, debit.body).toBe(200);
      const paid = await withdraw(t, b.token, 250.5);
      expect(paid.json()).toMatchObject({ status: 'PAID' });

      const after = (await daily(t, from, to)).totals;
      expect({
        giftLink: [
          after.deposits.giftLink.count - before.deposits.giftLink.count,
          diff(after.deposits.giftLink.sum, before.deposits.giftLink.sum),
        ],
        deposits: [
          after.deposits.total.count - before.deposits.total.count,
          diff(after.deposits.total.sum, before.deposits.total.sum),
        ],
        qr: diff(after.deposits.qr.sum, before.deposits.qr.sum),
        withdrawals: [
          after.withdrawals.count - before.withdrawals.count,
          diff(after.withdrawals.sum, before.withdrawals.sum),
        ],
        credit: [
          after.adjustments.credit.count - before.adjustments.credit.count,
          diff(after.adjustments.credit.sum, before.adjustments.credit.sum),
        ],
        debit: [
          after.adjustments.debit.count - before.adjustments.debit.count,
          diff(after.adjustments.debit.sum, before.adjustments.debit.sum),
        ],
        bonuses: [
          after.promotions.paid.count - before.promotions.paid.count,
          diff(after.promotions.paid.sum, before.promotions.paid.sum),
        ],
        net: diff(after.net, before.net),
        newMembers: after.newMembers - before.newMembers,
      }).toEqual({
        giftLink: [1, 1000],
        deposits: [1, 1000],
        qr: 0,
        withdrawals: [1, 250.5],
        credit: [1, 1000],
        debit: [1, 100],
        bonuses: [1, 500],
        net: 749.5,
        newMembers: 2,
      });

      // The ledger report of the same days: every entry is one debit and one credit, and
      // with nothing posted after `to`, each kind closes at its stored balance.
      const report = await ledger(t, from, to);
      const total = (key: 'debits' | 'credits') =>
        Math.round(report.kinds.reduce((s, k) => s + k[key] * 100, 0));
      expect(total('debits')).toBe(total('credits'));
      for (const k of report.kinds) {
        expect(k.closing, k.kind).toBe(k.storedBalance);
        expect(k.balanced, k.kind).toBe(true);
      }
      expect(report.check).toEqual({ ok: true, sumOfBalances: 0 });
      // Deposit, bonus, two adjustments, the withdrawal's hold and its payout.
      expect(report.transactions - transactionsBefore).toBe(6);
    });

    it('turns the Bangkok day at 17:00 UTC, for money and for new members', async () => {
      const t = get();
      const m = await newMember(t);
      const credit = (iso: string, satang: number, key: string) =>
        withTransaction(t.db, (trx) =>
          post(trx, fixedClock(iso), {
            event: 'qr_deposit',
            actor: `member:${m.memberId}`,
            entries: [
              {
                debit: accounts.worldBank(),
                credit: accounts.memberCash(m.memberId),
                amount: satang,
              },
            ],
            idempotencyKey: `${key}:${m.memberId}:${t.dialect}`,
          }),
        );
      // 23:59:59.999 on 10 March in Bangkok, then midnight starting 11 March.
      await credit('2020-03-10T16:59:59.999Z', 12_345, 'before-midnight');
      await credit('2020-03-10T17:00:00.000Z', 67_800, 'at-midnight');
      await t.db
        .updateTable('members')
        .set({ created_at: '2020-03-10T17:00:00.000Z' })
        .where('id', '=', m.memberId)
        .execute();

      const report = await daily(t, '2020-03-10', '2020-03-12');
      expect(
        report.days.map((d) => [d.date, d.deposits.qr.count, d.deposits.qr.sum, d.newMembers]),
      ).toEqual([
        ['2020-03-10', 1, 123.45, 0],
        ['2020-03-11', 1, 678, 1],
        ['2020-03-12', 0, 0, 0],
      ]);
      expect(report.totals.deposits.total).toEqual({ count: 2, sum: 801.45 });
      expect(report.totals.net).toBe(801.45);

      // The ledger report of 11 March opens with the deposit of the 10th.
      const book = await ledger(t, '2020-03-11', '2020-03-11');
      const kind = (k: string) => book.kinds.find((row) => row.kind === k)!;
      expect(kind('member_cash')).toMatchObject({
        opening: 123.45,
        debits: 0,
        credits: 678,
        closing: 801.45,
      });
      expect(kind('world')).toMatchObject({
        opening: -123.45,
        debits: 678,
        credits: 0,
        closing: -801.45,
      });
      expect(book.transactions).toBe(1);
    });

    it('refuses a bad range: KEY_MISSING, KEY_INVALID (order, length, no such date)', async () => {
      const t = get();
      const ask = async (query: string) => {
        const res = await asOperator(t, `/api/operator/reports/daily?${query}`);
        return [res.statusCode, res.json<{ message: string }>().message];
      };
      expect(await ask('from=2025-01-01')).toEqual([400, 'KEY_MISSING']);
      expect(await ask('from=2025-01-02&to=2025-01-01')).toEqual([400, 'KEY_INVALID']);
      expect(await ask('from=2024-01-01&to=2025-01-01')).toEqual([400, 'KEY_INVALID']); // 367 days
      expect(
        (await asOperator(t, '/api/operator/reports/daily?from=2024-01-02&to=2025-01-01'))
          .statusCode,
      ).toBe(200); // 366
      expect(await ask('from=2025-02-30&to=2025-03-01')).toEqual([400, 'KEY_INVALID']);
      expect(await ask('from=2025-01-01&to=2025-01-02&currency=USD')).toEqual([400, 'KEY_INVALID']);
    });
  });

  describe('CSV files', () => {
    it('answers the daily report as UTF-8 with BOM, CRLF lines and Thai headings', async () => {
      const t = get();
      const res = await asOperator(
        t,
        '/api/operator/reports/daily.csv?from=2020-03-10&to=2020-03-11',
        'cashier',
        { 'accept-language': 'th' },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="daily-2020-03-10_2020-03-11.csv"',
      );
      const bytes = res.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      const lines = text.split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines.filter((l) => l.includes('\n'))).toEqual([]);
      expect(lines[0]!.split(',').slice(0, 3)).toEqual(['วันที่', 'ฝาก QR (รายการ)', 'ฝาก QR (บาท)']);
      expect(lines[1]!.split(',').slice(0, 3)).toEqual(['2020-03-10', '1', '123.45']);
      expect(lines[3]!.split(',')[0]).toBe('รวม');
      expect(lines).toHaveLength(5); // heading, two days, total, the final CRLF
    });

    it('answers the ledger report in English for an English operator', async () => {
      const t = get();
      const res = await asOperator(
        t,
        '/api/operator/reports/ledger.csv?from=2020-03-11&to=2020-03-11',
        'marketing',
        { 'accept-language': 'en' },
      );
      expect(res.statusCode, res.body).toBe(200);
      const text = res.rawPayload.subarray(3).toString('utf8');
      const lines = text.split('\r\n');
      expect(lines[0]).toBe(
        'Account kind,Opening (THB),Debits (THB),Credits (THB),Closing (THB),Stored balance (THB),Balance from entries (THB),Balanced',
      );
      expect(lines[1]!.startsWith('Member wallets,123.45,0,678,801.45,')).toBe(true);
      expect(lines[6]).toBe('Ledger check,yes,Sum of all balances (THB),0');
    });
  });

  describe('dashboard', () => {
    it("counts today's and this week's money, new members and the queues", async () => {
      const t = get();
      const ask = async (role: 'admin' | 'support') => {
        const res = await asOperator(t, '/api/operator/dashboard', role);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<Dashboard>();
      };
      const before = await ask('admin');
      const m = await newMember(t);
      expect((await deposit(t, m, 700_000)).statusCode).toBe(200);
      // Above the auto-payout limit (5,000): waits for an operator.
      const waiting = await withdraw(t, m.token, 5500);
      expect(waiting.json()).toMatchObject({ status: 'WAITING' });
      const after = await ask('admin');
      expect(after.date).toBe(bangkokDate(t.clock.now()));
      expect(after.days).toHaveLength(14);
      expect(after.days.at(-1)!.date).toBe(after.date);
      expect(new Date(`${after.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
      if (after.date === before.date) {
        expect(after.today.deposits!.count - before.today.deposits!.count).toBe(1);
        expect(diff(after.today.deposits!.sum, before.today.deposits!.sum)).toBe(7000);
        expect(diff(after.week.deposits!.sum, before.week.deposits!.sum)).toBe(7000);
        expect(after.today.newMembers - before.today.newMembers).toBe(1);
        expect(diff(after.days.at(-1)!.deposits!, before.days.at(-1)!.deposits!)).toBe(7000);
      }
      expect(after.pending.withdrawals - before.pending.withdrawals).toBe(1);
      expect(after.pending).toMatchObject({ slips: 0, providerTransfers: 0 });

      // Support sees the counts, never the money.
      const support = await ask('support');
      expect(support.pending).toEqual(after.pending);
      expect(support.today).toMatchObject({
        deposits: null,
        withdrawals: null,
        net: null,
        bonusesPaid: null,
      });
      expect(support.days.every((d) => d.deposits === null && d.net === null)).toBe(true);
      expect(support.today.newMembers).toBe(after.today.newMembers);
    });
  });

  describe('roles', () => {
    it('lets admin, cashier and marketing read the reports; refuses support and members', async () => {
      const t = get();
      const q = '?from=2020-03-10&to=2020-03-10';
      const paths = ['daily', 'daily.csv', 'ledger', 'ledger.csv'].map(
        (p) => `/api/operator/reports/${p}${q}`,
      );
      for (const path of paths) {
        for (const role of ['admin', 'cashier', 'marketing'] as const)
          expect((await asOperator(t, path, role)).statusCode, `${role} ${path}`).toBe(200);
        const refused = await asOperator(t, path, 'support');
        expect([refused.statusCode, refused.json()], path).toEqual([
          403,
          { message: 'UNAUTHORIZED' },
        ]);
        const m = await newMember(t);
        expect((await t.call('GET', path, { token: m.token })).statusCode, path).not.toBe(200);
        expect((await t.call('GET', path)).statusCode, path).not.toBe(200);
      }
    });
  });
});
