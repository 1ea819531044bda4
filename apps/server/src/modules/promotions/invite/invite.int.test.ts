// The invite bonus (decisions 0071, 0074) on SQLite and PostgreSQL: accrual on a credited
// deposit (rate, cap, no inviter), the list (private names), every claim code, the wallet
// figure, 20 simultaneous claims paying once, and the ledger check at the end.
import { creditTestDeposit } from '../../../../test/deposit-support';
import { expect, it } from 'vitest';
import { setInviter } from '../../../../test/bonus-support';
import { activate, newMember, transfer } from '../../../../test/game-support';
import type { Member } from '../../../../test/game-support';
import { forEachDialect } from '../../../../test/helpers';
import type { TestApp } from '../../../../test/helpers';
import { accounts, balanceOf, ledgerCheck } from '../../ledger';
import { getSetting, setSetting } from '../../settings';
import { privateName, rewardFor } from './invite.service';

const deposit = (t: TestApp, member: Member, satang: number) =>
  creditTestDeposit(t, member.memberId, satang);

async function invitedBy(t: TestApp, inviter: Member): Promise<Member> {
  const invitee = await newMember(t);
  await setInviter(t, invitee, inviter);
  return invitee;
}

const claim = (t: TestApp, m: Member) => t.call('GET', '/api/invite/bonus', { token: m.token });
const walletInvite = async (t: TestApp, m: Member) =>
  (await t.call('GET', '/api/wallet', { token: m.token })).json<{
    invite: { amount: number; success: number; fail: number };
  }>().invite;
const cash = (t: TestApp, m: Member) => balanceOf(t.db, accounts.memberCash(m.memberId).code);

/** Bets `satang` in rounds of at most the game balance, each won back (the balance stays). */
function bets(t: TestApp, username: string, satang: number) {
  for (let left = satang; left > 0;) {
    const round = Math.min(left, t.games.account('PG', username)!.balance);
    t.games.bet('PG', username, round, round, t.clock.now());
    left -= round;
  }
}

/** Moves `baht` into PG and bets `betBaht` there in rounds; returns the PG username. */
async function play(t: TestApp, m: Member, baht: number, betBaht = 0): Promise<string> {
  const username = await activate(t, m, 'PG');
  const res = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: baht });
  expect(res.json()).toMatchObject({ status: 'SUCCESS' });
  bets(t, username, betBaht * 100);
  return username;
}

it('rounds the reward down, caps it, and shows first name and last initial only', () => {
  const s = { capPerDepositSatang: 10_000, ratePercent: 5 } as Parameters<typeof rewardFor>[1];
  expect(rewardFor(100_000, s)).toBe(5_000);
  expect(rewardFor(99, s)).toBe(4);
  expect(rewardFor(1, s)).toBe(0);
  expect(rewardFor(500_000, s)).toBe(10_000);
  expect(rewardFor(1_000, { ...s, ratePercent: 2.55 })).toBe(25);
  expect(privateName('Somchai Jaidee')).toBe('Somchai J.');
  expect(privateName('  Anna  ')).toBe('Anna');
  expect(privateName('สมชาย ใจดี')).toBe('สมชาย ใ.');
  expect(privateName('Ann Marie Lee')).toBe('Ann L.');
});

forEachDialect('invite bonus', (get) => {
  it('accrues 5% of each invitee deposit up to 100 baht, in the deposit transaction', async () => {
    const t = get();
    const inviter = await newMember(t);
    const invitee = await invitedBy(t, inviter);
    const loner = await newMember(t);
    const ref = await deposit(t, invitee, 100_000); // 1,000 baht -> 50
    await deposit(t, invitee, 1_000_000); // 10,000 baht -> capped at 100
    await deposit(t, loner, 100_000); // no inviter: nothing
    const rows = await t.db.selectFrom('invite_rewards').selectAll().execute();
    expect(rows.filter((r) => r.inviter_id === inviter.memberId).map((r) => r.amount)).toEqual([
      5_000, 10_000,
    ]);
    expect(rows.some((r) => r.invitee_id === loner.memberId)).toBe(false);
    expect(rows.find((r) => r.amount === 5_000)?.deposit_ref).toBe(ref);

    const list = await t.call('POST', '/api/invite', {
      token: inviter.token,
      body: { page: 1, limit: 10 },
    });
    expect(list.statusCode).toBe(200);
    const body = list.json<{
      total: number;
      invites: { from: { name: string }; amount: number }[];
    }>();
    expect(body.total).toBe(2);
    expect(body.invites.map((i) => [i.from.name, i.amount])).toEqual([
      ['Test M.', 100],
      ['Test M.', 50],
    ]);
    const page2 = await t.call('POST', '/api/invite', {
      token: inviter.token,
      body: { page: 2, limit: 1 },
    });
    expect(page2.json<{ invites: unknown[] }>().invites).toHaveLength(1);
  });

  it('waits for the invitee to play (NO_INVITEE_PLAY_INFO), then pays once with an invite grant', async () => {
    const t = get();
    const inviter = await newMember(t);
    const invitee = await invitedBy(t, inviter);
    expect((await claim(t, inviter)).json()).toEqual({ message: 'NO_INVITE_BONUS' });
    await deposit(t, invitee, 200_000); // 2,000 baht -> 100 baht
    const waiting = await claim(t, inviter);
    expect([waiting.statusCode, waiting.json()]).toEqual([
      400,
      { message: 'NO_INVITEE_PLAY_INFO' },
    ]);
    expect((await walletInvite(t, inviter)).amount).toBe(0);
    const username = await play(t, invitee, 10, 10);
    // The cached wallet answer changes at once (the invitee's first play bumps the version).
    expect(await walletInvite(t, inviter)).toEqual({ amount: 100, success: 100, fail: 0 });
    // Decision 0112: the reward waits until the invitee's bets reach the deposit (before it,
    // 10 baht of play paid the reward of a 2,000-baht deposit that could be withdrawn at once).
    expect((await claim(t, inviter)).json()).toEqual({ message: 'NO_INVITEE_PLAY_INFO' });
    bets(t, username, 199_000);

    const before = await cash(t, inviter);
    const paid = await claim(t, inviter);
    expect([paid.statusCode, paid.json()]).toEqual([200, { message: 'INVITE_BONUS_SUCCESS' }]);
    expect((await cash(t, inviter)) - before).toBe(10_000);
    expect((await walletInvite(t, inviter)).amount).toBe(0);
    const grant = await t.db
      .selectFrom('promotion_grants')
      .selectAll()
      .where('member_id', '=', inviter.memberId)
      .executeTakeFirstOrThrow();
    expect(grant).toMatchObject({ kind: 'invite', credited: 10_000, base: 10_000 });
    expect(Number(grant.required)).toBe(10_000);
    const tx = await t.db
      .selectFrom('ledger_transactions')
      .select('idempotency_key')
      .where('id', '=', grant.ledger_tx_id)
      .executeTakeFirstOrThrow();
    expect(tx.idempotency_key).toBe(`invite-claim:${inviter.memberId}:1`);
    const again = await claim(t, inviter);
    expect(again.json()).toEqual({ message: 'NO_INVITE_BONUS' });
  });

  it('refuses while the program is off (INVITE_INACTIVE) and below the minimum (NO_INVITE_BONUS)', async () => {
    const t = get();
    const inviter = await newMember(t);
    const invitee = await invitedBy(t, inviter);
    await deposit(t, invitee, 1_000); // 10 baht -> 0.50 baht
    await play(t, invitee, 5, 10);
    const original = await getSetting(t.db, 'invite');
    try {
      await setSetting(t.db, t.clock, 'invite', { ...original, enabled: false });
      expect((await claim(t, inviter)).json()).toEqual({ message: 'INVITE_INACTIVE' });
      await setSetting(t.db, t.clock, 'invite', { ...original });
      expect((await walletInvite(t, inviter)).amount).toBe(0.5);
      expect((await claim(t, inviter)).json()).toEqual({ message: 'NO_INVITE_BONUS' });
      await setSetting(t.db, t.clock, 'invite', { ...original, minimumSatang: 50 });
      expect((await claim(t, inviter)).json()).toEqual({ message: 'INVITE_BONUS_SUCCESS' });
    } finally {
      await setSetting(t.db, t.clock, 'invite', original);
    }
  });

  it('pays exactly once for 20 simultaneous claims (T3), and the ledger balances', async () => {
    const t = get();
    const inviter = await newMember(t);
    for (let i = 0; i < 3; i++) {
      const invitee = await invitedBy(t, inviter);
      await deposit(t, invitee, 100_000);
      await play(t, invitee, 10, 1000);
    }
    const before = await cash(t, inviter);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(t, inviter)));
    const messages = answers.map((r) => r.json<{ message: string }>().message);
    expect(messages.filter((m) => m === 'INVITE_BONUS_SUCCESS')).toHaveLength(1);
    // The others find nothing left, or (one grant at a time, decision 0112) its grant open.
    expect(
      messages.filter(
        (m) => m !== 'INVITE_BONUS_SUCCESS' && m !== 'NO_INVITE_BONUS' && m !== 'BONUS_REMAINING',
      ),
    ).toEqual([]);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    expect((await cash(t, inviter)) - before).toBe(15_000);
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });
});
