// The cashback refund (decisions 0071, 0074) on SQLite and PostgreSQL: net loss from the
// ledger capped by the providers' reports, the week's edges (Sunday 23:59:59 / Monday 00:00
// Bangkok), every code, 20 simultaneous receives and 20 simultaneous addWallets paying once,
// and the ledger check at the end.
import { creditTestDeposit } from '../../../../test/deposit-support';
import { windowStart } from '@wallet/contract/bonus-window';
import { expect, it } from 'vitest';
import { activate, newMember } from '../../../../test/game-support';
import type { Member } from '../../../../test/game-support';
import { forEachDialect } from '../../../../test/helpers';
import type { TestApp } from '../../../../test/helpers';
import { withTransaction } from '../../../db/transaction';
import type { Clock } from '../../../lib/clock';
import { accounts, balanceOf, ledgerCheck, post } from '../../ledger';
import { getSetting, setSetting } from '../../settings';
import { creditGrant, DEFAULT_WEIGHTS } from '../promotions.grants';
import { periodOf } from './refund.period';
import { periodLoss } from './refund.service';

const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number): Clock => ({ now: () => new Date(ms) });

const depositAt = (t: TestApp, m: Member, satang: number, ms: number) =>
  creditTestDeposit(t, m.memberId, satang, at(ms));

/** A settled wallet -> game move at `ms` (the ledger's side of a transfer, in the past). */
async function toGameAt(t: TestApp, m: Member, satang: number, ms: number) {
  await withTransaction(t.db, (trx) =>
    post(trx, at(ms), {
      event: 'test_game_transfer',
      actor: 'test',
      entries: [
        { debit: accounts.memberCash(m.memberId), credit: accounts.provider('PG'), amount: satang },
      ],
    }),
  );
}

const get_ = (t: TestApp, m: Member, path: string) =>
  t.call('GET', `/api/refund/${path}`, { token: m.token });
const message = async (p: Promise<{ json: <T>() => T }>) =>
  (await p).json<{ message: string }>().message;

forEachDialect('cashback refund', (get) => {
  // A week ahead of the wall clock: the test clock only moves forward.
  const week = windowStart('week', new Date(Date.now() + 14 * DAY));
  const nextWeek = week + 7 * DAY;
  let loser: Member;
  let username: string;

  it('takes the net loss from the ledger, capped by the bet reports, with exact week edges', async () => {
    const t = get();
    loser = await newMember(t);
    username = await activate(t, loser, 'PG');
    await depositAt(t, loser, 100_000, week + 2 * DAY);
    await toGameAt(t, loser, 100_000, nextWeek - 1000); // Sunday 23:59:59 Bangkok
    await depositAt(t, loser, 50_000, nextWeek); // Monday 00:00: the next week
    t.games.play('PG', username, 100_000);
    t.games.bet('PG', username, 40_000, 0, new Date(nextWeek - 1000));
    t.games.bet('PG', username, 30_000, 0, new Date(nextWeek));
    const deps = { db: t.db, gameProvider: t.games };
    const member = { memberId: loser.memberId, currency: 'BAHT' as const };
    expect(await periodLoss(deps, member, periodOf(new Date(week)))).toEqual({
      ledgerLoss: 100_000,
      providerLoss: 40_000,
      netLoss: 40_000,
    });
    expect(await periodLoss(deps, member, periodOf(new Date(nextWeek)))).toEqual({
      ledgerLoss: 0,
      providerLoss: 30_000,
      netLoss: 0,
    });
    // Money parked in a game is not lost: the providers' report caps the ledger's figure.
    const other = await newMember(t);
    await activate(t, other, 'PG');
    await depositAt(t, other, 10_000, week + DAY);
    await toGameAt(t, other, 10_000, week + DAY + 1000);
    expect(
      await periodLoss(
        deps,
        { memberId: other.memberId, currency: 'BAHT' },
        periodOf(new Date(week)),
      ),
    ).toEqual({ ledgerLoss: 10_000, providerLoss: 0, netLoss: 0 });
  });

  it('receives once, moves once (20 simultaneous each), and answers every code', async () => {
    const t = get();
    t.clock.advance(nextWeek + 60 * 60 * 1000 - t.clock.now().getTime()); // Monday 01:00
    loser.token = await t.login(loser.phone, 'password123');
    const original = await getSetting(t.db, 'refund');
    try {
      await setSetting(t.db, t.clock, 'refund', { ...original, enabled: false });
      expect(await message(get_(t, loser, 'receive'))).toBe('REFUND_INACTIVE');
    } finally {
      await setSetting(t.db, t.clock, 'refund', original);
    }
    const check = await get_(t, loser, 'check');
    expect(check.json()).toEqual({
      result: true,
      bonus: false,
      info: original.info.th,
      refundAmount: 20, // 5% of 400 baht
      refundSuccess: original.successPercent,
      refundFail: original.failPercent,
      received: 0, // receivable, not yet received
    });

    const receives = await Promise.all(Array.from({ length: 20 }, () => get_(t, loser, 'receive')));
    const received = receives.map((r) => r.json<{ message: string }>().message);
    expect(received.filter((m) => m === 'REFUND_SUCCESS')).toHaveLength(1);
    expect(received.filter((m) => m !== 'REFUND_SUCCESS')).toEqual(Array(19).fill('NO_REFUND'));
    expect((await get_(t, loser, 'check')).json()).toMatchObject({
      result: true,
      refundAmount: 20,
      received: 20,
    });
    const log = await t.call('POST', '/api/refund', {
      token: loser.token,
      body: { page: 1, limit: 10 },
    });
    expect(log.json()).toMatchObject({ total: 1, refunds: [{ refundAmount: 20 }] });

    const cash = accounts.memberCash(loser.memberId).code;
    const before = await balanceOf(t.db, cash);
    const moves = await Promise.all(Array.from({ length: 20 }, () => get_(t, loser, 'addWallet')));
    const moved = moves.map((r) => r.json<{ message: string }>().message);
    expect(moved.filter((m) => m === 'REFUND_SUCCESS')).toHaveLength(1);
    // The others find the refund moved, or (decision 0112: one grant at a time) its grant open.
    expect(
      moved.filter((m) => m !== 'REFUND_SUCCESS' && m !== 'NO_REFUND' && m !== 'REFUND_CONDITION'),
    ).toEqual([]);
    expect((await balanceOf(t.db, cash)) - before).toBe(2_000);
    const grant = await t.db
      .selectFrom('promotion_grants')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'promotion_grants.ledger_tx_id')
      .select(['kind', 'credited', 'required', 'idempotency_key'])
      .where('member_id', '=', loser.memberId)
      .executeTakeFirstOrThrow();
    expect(grant).toMatchObject({
      kind: 'refund',
      credited: 2_000,
      idempotency_key: `refund:${loser.memberId}:${periodOf(new Date(week)).key}`,
    });
    expect(Number(grant.required)).toBe(2_000);
    // Its refund grant is open (decision 0112: one at a time): the refund calls wait for it.
    expect(await message(get_(t, loser, 'addWallet'))).toBe('REFUND_CONDITION');
    expect(await message(get_(t, loser, 'receive'))).toBe('REFUND_CONDITION');
    expect((await get_(t, loser, 'check')).json()).toMatchObject({
      result: false,
      bonus: true,
      refundAmount: 0,
      received: 0,
    });
  });

  it('says try again later (GAME_BALANCE_UNAVAILABLE) when a provider cannot report, not "transfer failed"', async () => {
    const t = get();
    const m = await newMember(t);
    await activate(t, m, 'PG');
    t.games.down.add('PG');
    try {
      const res = await get_(t, m, 'receive');
      expect([res.statusCode, res.json()]).toEqual([503, { message: 'GAME_BALANCE_UNAVAILABLE' }]);
    } finally {
      t.games.down.delete('PG');
    }
  });

  it('refuses below the minimum, and while a bonus grant is open', async () => {
    const t = get();
    const idle = await newMember(t);
    expect(await message(get_(t, idle, 'receive'))).toBe('REFUND_MINIMUM');
    expect(await message(get_(t, idle, 'addWallet'))).toBe('NO_REFUND');
    await withTransaction(t.db, (trx) =>
      creditGrant(trx, t.clock, {
        memberId: idle.memberId,
        currency: 'BAHT',
        kind: 'bonus',
        sourceCode: 'TEST',
        name: { th: 'T', la: 'T', en: 'T' },
        credited: 100,
        principal: 0,
        base: 100,
        turnoverMultiple: 1,
        weights: DEFAULT_WEIGHTS,
        percentFail: 0,
        depositRef: null,
        actor: 'test',
        related: { bonus: { description: 'T' } },
      }),
    );
    expect(await message(get_(t, idle, 'receive'))).toBe('REFUND_CONDITION');
    expect(await message(get_(t, idle, 'addWallet'))).toBe('REFUND_CONDITION');
    expect((await get_(t, idle, 'check')).json()).toMatchObject({ bonus: true, result: false });
    const banners = await t.call('GET', '/api/refund/banners', { token: idle.token });
    expect(banners.statusCode).toBe(200);
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });
});
