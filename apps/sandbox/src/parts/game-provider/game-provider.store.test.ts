import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CAPACITY,
  GameProviderStore,
  type GameProviderStoreOptions,
} from './game-provider.store.js';

function clock(start = Date.UTC(2026, 10, 22, 4, 0, 0)) {
  let ms = start;
  return {
    now: () => new Date(ms),
    advance: (by: number) => {
      ms += by;
    },
  };
}

function counter(prefix: string) {
  let n = 0;
  return () => `${prefix}${String(++n).padStart(8, '0')}`;
}

function makeStore(options: GameProviderStoreOptions = {}) {
  const time = clock();
  const store = new GameProviderStore({
    now: time.now,
    newPassword: counter('pw'),
    newToken: counter('token'),
    random: () => 0.5,
    ...options,
  });
  return { store, time };
}

/** The invariant reconciliation relies on: balances are what moved in, out and through games. */
function expectTotalsConsistent(store: GameProviderStore, code: 'JOKER' | 'PG' = 'JOKER') {
  const totals = store.totals(code);
  const sum = store.listAccounts(code).reduce((s, a) => s + a.balance, 0);
  expect(totals.balance).toBe(sum);
  expect(sum).toBe(totals.transfersIn - totals.transfersOut - totals.bets + totals.wins);
}

describe('accounts', () => {
  it('opens one account per member and code, with readable usernames', () => {
    const { store } = makeStore();
    const first = store.openAccount('JOKER', '10001');
    expect(first).toMatchObject({
      type: 'created',
      account: { username: 'joker000001', balance: 0 },
    });
    expect(store.openAccount('JOKER', '10001')).toMatchObject({
      type: 'existing',
      account: { username: 'joker000001', password: 'pw00000001' },
    });
    expect(store.openAccount('JOKER', '10002')).toMatchObject({
      account: { username: 'joker000002' },
    });
    expect(store.openAccount('PG', '10001')).toMatchObject({ account: { username: 'pg000001' } });
    expect(store.listAccounts('JOKER').map((a) => a.username)).toEqual([
      'joker000001',
      'joker000002',
    ]);
    expect(store.listAccounts()).toHaveLength(3);
  });

  it('resets a password and returns the new one on the next open', () => {
    const { store } = makeStore();
    store.openAccount('JOKER', '10001');
    expect(store.resetPassword('JOKER', 'joker000001')?.password).toBe('pw00000002');
    expect(store.openAccount('JOKER', '10001')).toMatchObject({
      account: { password: 'pw00000002' },
    });
    expect(store.resetPassword('JOKER', 'nobody')).toBeUndefined();
    expect(store.resetPassword('PG', 'joker000001')).toBeUndefined();
  });

  it('refuses new accounts past its capacity and never drops one', () => {
    const { store } = makeStore({ capacity: { accounts: 2 } });
    store.openAccount('JOKER', 'a');
    store.openAccount('JOKER', 'b');
    expect(store.openAccount('JOKER', 'c')).toEqual({ type: 'capacity' });
    expect(store.openAccount('JOKER', 'a').type).toBe('existing');
    expect(store.listAccounts()).toHaveLength(2);
  });
});

describe('transfers', () => {
  it('credits in, debits out, and rejects an overdraw without touching the balance', () => {
    const { store } = makeStore();
    store.openAccount('JOKER', 'm');
    const username = 'joker000001';
    expect(
      store.transfer('JOKER', { ref: 'a', username, direction: 'in', amount: 10_000 }),
    ).toMatchObject({
      type: 'applied',
      record: { status: 'APPLIED', balance: 10_000 },
    });
    expect(
      store.transfer('JOKER', { ref: 'b', username, direction: 'out', amount: 2_550 }),
    ).toMatchObject({
      type: 'applied',
      record: { balance: 7_450 },
    });
    const short = store.transfer('JOKER', { ref: 'c', username, direction: 'out', amount: 7_451 });
    expect(short).toMatchObject({
      type: 'rejected',
      record: { status: 'REJECTED', reason: 'INSUFFICIENT_BALANCE', balance: 7_450 },
    });
    expect(store.getAccount('JOKER', username)?.balance).toBe(7_450);
    expect(
      store.ledger('JOKER', { limit: 10 }).entries.map((e) => [e.type, e.delta, e.balance]),
    ).toEqual([
      ['TRANSFER_IN', 10_000, 10_000],
      ['TRANSFER_OUT', -2_550, 7_450],
    ]);
    expectTotalsConsistent(store);
  });

  it('applies a ref once: a resend answers the first outcome, a changed body conflicts', () => {
    const { store, time } = makeStore();
    store.openAccount('JOKER', 'm');
    const request = { ref: 'r1', username: 'joker000001', direction: 'in' as const, amount: 500 };
    const first = store.transfer('JOKER', request);
    time.advance(1000);
    store.transfer('JOKER', { ...request, ref: 'r2' });
    const again = store.transfer('JOKER', { ...request });
    expect(again).toEqual({
      type: 'replayed',
      record: first.type === 'applied' ? first.record : null,
    });
    expect(again.type === 'replayed' && again.record.balance).toBe(500); // the first answer, not today's
    expect(store.transfer('JOKER', { ...request, amount: 501 }).type).toBe('conflict');
    expect(store.transfer('JOKER', { ...request, direction: 'out' }).type).toBe('conflict');
    expect(store.getAccount('JOKER', 'joker000001')?.balance).toBe(1000);
    // The same ref at another provider is another transfer.
    store.openAccount('PG', 'm');
    expect(store.transfer('PG', { ...request, username: 'pg000001' }).type).toBe('applied');
  });

  it('keeps a rejection final for its ref', () => {
    const { store } = makeStore();
    store.openAccount('JOKER', 'm');
    const out = { ref: 'o', username: 'joker000001', direction: 'out' as const, amount: 100 };
    expect(store.transfer('JOKER', out).type).toBe('rejected');
    store.transfer('JOKER', { ref: 'i', username: 'joker000001', direction: 'in', amount: 1000 });
    expect(store.transfer('JOKER', out)).toMatchObject({
      type: 'replayed',
      record: { status: 'REJECTED' },
    });
    expect(store.getAccount('JOKER', 'joker000001')?.balance).toBe(1000);
  });

  it('remembers nothing for an unknown username', () => {
    const { store } = makeStore();
    expect(
      store.transfer('AREASLOT', { ref: 'x', username: 'ghost', direction: 'in', amount: 1 }),
    ).toEqual({
      type: 'unknownUser',
    });
    expect(store.getTransfer('AREASLOT', 'x')).toBeUndefined();
  });

  it('forgets the oldest outcome at capacity only after the retention window', () => {
    const { store, time } = makeStore({ capacity: { transfers: 3, transferRetentionMs: 60_000 } });
    store.openAccount('JOKER', 'm');
    const send = (ref: string) =>
      store.transfer('JOKER', { ref, username: 'joker000001', direction: 'in', amount: 1 });
    send('t1');
    send('t2');
    send('t3');
    expect(send('t4')).toEqual({ type: 'capacity' });
    expect(store.getAccount('JOKER', 'joker000001')?.balance).toBe(3);
    time.advance(60_000);
    expect(send('t4').type).toBe('applied');
    expect(store.transferCount).toBe(3);
    expect(store.getTransfer('JOKER', 't1')).toBeUndefined();
    expect(store.getTransfer('JOKER', 't2')?.status).toBe('APPLIED');
    // A resend of a still-remembered ref is answered even at capacity.
    expect(send('t3').type).toBe('replayed');
  });
});

describe('ledger', () => {
  it('pages by sequence cursor per code and filters by username', () => {
    const { store } = makeStore();
    store.openAccount('JOKER', 'a');
    store.openAccount('JOKER', 'b');
    store.openAccount('PG', 'a');
    for (let i = 0; i < 5; i += 1) {
      store.transfer('JOKER', {
        ref: `a${i}`,
        username: 'joker000001',
        direction: 'in',
        amount: 100,
      });
      store.transfer('PG', { ref: `p${i}`, username: 'pg000001', direction: 'in', amount: 100 });
      store.transfer('JOKER', {
        ref: `b${i}`,
        username: 'joker000002',
        direction: 'in',
        amount: 100,
      });
    }
    const page1 = store.ledger('JOKER', { limit: 4 });
    expect(page1.entries.map((e) => e.ref)).toEqual(['a0', 'b0', 'a1', 'b1']);
    expect(page1.hasMore).toBe(true);
    const page2 = store.ledger('JOKER', { limit: 100, after: page1.nextAfter });
    expect(page2.entries.map((e) => e.ref)).toEqual(['a2', 'b2', 'a3', 'b3', 'a4', 'b4']);
    expect(page2.hasMore).toBe(false);
    expect(store.ledger('JOKER', { limit: 100, after: page2.nextAfter }).entries).toEqual([]);
    const onlyB = store.ledger('JOKER', { limit: 100, username: 'joker000002' });
    expect(onlyB.entries.map((e) => e.ref)).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
    expect(store.ledger('PG', { limit: 100 }).entries).toHaveLength(5);
  });

  it('is bounded: drops the oldest entries but totals keep counting', () => {
    const { store } = makeStore({ capacity: { ledger: 10 } });
    store.openAccount('JOKER', 'a');
    for (let i = 0; i < 25; i += 1) {
      store.transfer('JOKER', {
        ref: `r${i}`,
        username: 'joker000001',
        direction: 'in',
        amount: 100,
      });
    }
    const page = store.ledger('JOKER', { limit: 100 });
    expect(store.ledgerSize).toBe(10);
    expect(page.dropped).toBe(15);
    expect(page.entries.map((e) => e.seq)).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(store.ledger('JOKER', { limit: 100, after: 20 }).entries[0]?.seq).toBe(21);
    expect(store.totals('JOKER').transfersIn).toBe(2500);
    expectTotalsConsistent(store);
  });
});

describe('launch links and the demo game', () => {
  function funded() {
    const made = makeStore({ launchTtlMs: 60_000, sessionTtlMs: 600_000 });
    made.store.openAccount('PG', 'm');
    made.store.transfer('PG', { ref: 'fund', username: 'pg000001', direction: 'in', amount: 2000 });
    return made;
  }

  it('issues launch links only for known accounts, usable once and before they expire', () => {
    const { store, time } = funded();
    expect(store.launch('PG', 'ghost')).toBeUndefined();
    const launch = store.launch('PG', 'pg000001')!;
    expect(launch.expiresAt).toBe('2026-11-22T04:01:00.000Z');
    const session = store.redeemLaunch(launch.token);
    expect(session).toMatchObject({ code: 'PG', username: 'pg000001' });
    expect(store.redeemLaunch(launch.token)).toBeUndefined();
    const late = store.launch('PG', 'pg000001')!;
    time.advance(60_000);
    expect(store.redeemLaunch(late.token)).toBeUndefined();
  });

  it('plays rounds against the provider balance and writes them to the ledger', () => {
    const { store } = funded();
    const session = store.redeemLaunch(store.launch('PG', 'pg000001')!.token)!;
    // random() = 0.5 gives reels [3, 3, 3]: three of a kind.
    const won = store.play(session.id, 100);
    expect(won).toMatchObject({
      type: 'played',
      round: {
        reels: [3, 3, 3],
        bet: 100,
        win: 1000,
        delta: 900,
        balanceBefore: 2000,
        balance: 2900,
      },
    });
    expect(store.getAccount('PG', 'pg000001')?.balance).toBe(2900);
    const last = store.ledger('PG', { limit: 10 }).entries.at(-1);
    expect(last).toMatchObject({
      type: 'ROUND',
      amount: 100,
      win: 1000,
      delta: 900,
      balance: 2900,
    });
    expect(store.recentRounds(5)).toHaveLength(1);
    expectTotalsConsistent(store, 'PG');
  });

  it('refuses a bet above the balance and ends idle sessions', () => {
    const { store, time } = funded();
    store.transfer('PG', { ref: 'drain', username: 'pg000001', direction: 'out', amount: 1950 });
    const session = store.redeemLaunch(store.launch('PG', 'pg000001')!.token)!;
    expect(store.play(session.id, 100).type).toBe('insufficient');
    expect(store.getAccount('PG', 'pg000001')?.balance).toBe(50);
    time.advance(599_999);
    expect(store.getSession(session.id)).toBeDefined(); // touching it extends it
    time.advance(599_999);
    expect(store.getSession(session.id)).toBeDefined();
    time.advance(600_000);
    expect(store.play(session.id, 100)).toEqual({ type: 'noSession' });
    expect(store.play('nope', 100)).toEqual({ type: 'noSession' });
  });

  it('keeps launch links and sessions bounded', () => {
    const { store } = makeStore({ capacity: { launches: 5, sessions: 3 } });
    store.openAccount('PG', 'm');
    const tokens = Array.from({ length: 20 }, () => store.launch('PG', 'pg000001')!.token);
    expect(store.launchCount).toBe(5);
    expect(store.redeemLaunch(tokens[0]!)).toBeUndefined(); // the oldest were dropped
    for (const token of tokens.slice(-5)) expect(store.redeemLaunch(token)).toBeDefined();
    expect(store.sessionCount).toBe(3);
  });
});

describe("the tester's play call and the bet report (decision 0076)", () => {
  function funded(amount = 2000) {
    const made = makeStore();
    made.store.openAccount('PG', 'm');
    made.store.transfer('PG', { ref: 'fund', username: 'pg000001', direction: 'in', amount });
    return made;
  }

  it('plays N rounds like browser rounds: balance, ledger, totals and the round log', () => {
    const { store } = funded(10_000);
    const lost = store.playRounds('PG', 'pg000001', { rounds: 3, bet: 500, outcome: 'lose' });
    expect(lost).toEqual({
      type: 'played',
      rounds: 3,
      bets: 1500,
      wins: 0,
      balance: 8500,
      stoppedEarly: false,
    });
    // 'win' pays the smallest prize, a pair: 1.5x the bet.
    const won = store.playRounds('PG', 'pg000001', { rounds: 2, bet: 1000, outcome: 'win' });
    expect(won).toMatchObject({ rounds: 2, bets: 2000, wins: 3000, balance: 9500 });
    // random() = 0.5 draws three of a kind: 10x.
    const drawn = store.playRounds('PG', 'pg000001', { rounds: 1, bet: 100, outcome: 'random' });
    expect(drawn).toMatchObject({ rounds: 1, bets: 100, wins: 1000, balance: 10_400 });
    const rounds = store.ledger('PG', { limit: 100 }).entries.filter((e) => e.type === 'ROUND');
    expect(rounds).toHaveLength(6);
    expect(rounds.at(-1)).toMatchObject({ amount: 100, win: 1000, balance: 10_400 });
    expect(store.betReport('PG', 'pg000001', 0)).toEqual({ bets: 3600, wins: 4000, rounds: 6 });
    expect(store.accountBets('PG', 'pg000001')).toEqual({ bets: 3600, wins: 4000, rounds: 6 });
    expect(store.totals('PG')).toMatchObject({ bets: 3600, wins: 4000 });
    expectTotalsConsistent(store, 'PG');
  });

  it('stops when the balance cannot cover the bet, and never goes below zero', () => {
    const { store } = funded(2300);
    const result = store.playRounds('PG', 'pg000001', {
      rounds: 10_000,
      bet: 500,
      outcome: 'lose',
    });
    expect(result).toEqual({
      type: 'played',
      rounds: 4,
      bets: 2000,
      wins: 0,
      balance: 300,
      stoppedEarly: true,
    });
    expect(
      store.playRounds('PG', 'pg000001', { rounds: 1, bet: 500, outcome: 'win' }),
    ).toMatchObject({ rounds: 0, bets: 0, balance: 300, stoppedEarly: true });
    expect(store.playRounds('PG', 'ghost', { rounds: 1, bet: 100, outcome: 'lose' })).toEqual({
      type: 'unknownUser',
    });
    expectTotalsConsistent(store, 'PG');
  });

  it('reports by time: since inclusive, until exclusive, per account', () => {
    const { store, time } = funded(10_000);
    store.openAccount('PG', 'other');
    store.transfer('PG', { ref: 'f2', username: 'pg000002', direction: 'in', amount: 1000 });
    const t0 = time.now().getTime();
    store.playRounds('PG', 'pg000001', { rounds: 2, bet: 100, outcome: 'lose' });
    time.advance(1);
    const t1 = time.now().getTime();
    store.playRounds('PG', 'pg000001', { rounds: 1, bet: 500, outcome: 'win' });
    store.playRounds('PG', 'pg000002', { rounds: 1, bet: 1000, outcome: 'lose' });
    expect(store.betReport('PG', 'pg000001', t0, t1)).toEqual({ bets: 200, wins: 0, rounds: 2 });
    expect(store.betReport('PG', 'pg000001', t1)).toEqual({ bets: 500, wins: 750, rounds: 1 });
    expect(store.betReport('PG', 'pg000001', t1 + 1)).toEqual({ bets: 0, wins: 0, rounds: 0 });
    expect(store.betReport('PG', 'pg000002', t0)).toEqual({ bets: 1000, wins: 0, rounds: 1 });
    expect(store.betReport('PG', 'pg000003', t0)).toBeUndefined();
    expect(store.betReport('JOKER', 'pg000001', t0)).toBeUndefined();
  });

  it('counts rounds played in the browser too', () => {
    const { store } = funded();
    const session = store.redeemLaunch(store.launch('PG', 'pg000001')!.token)!;
    store.play(session.id, 100);
    expect(store.betReport('PG', 'pg000001', 0)).toEqual({ bets: 100, wins: 1000, rounds: 1 });
  });
});

describe('capacity and persistence', () => {
  it('has finite defaults and refuses a capacity that is not a positive integer', () => {
    for (const value of Object.values(DEFAULT_CAPACITY)) {
      expect(Number.isInteger(value) && value > 0).toBe(true);
    }
    expect(() => new GameProviderStore({ capacity: { ledger: 0 } })).toThrow(/capacity.ledger/);
    expect(() => new GameProviderStore({ launchTtlMs: 1.5 })).toThrow(/launchTtlMs/);
  });

  it('restores accounts, transfers and the ledger from a snapshot, still exactly once', () => {
    const { store } = makeStore();
    store.openAccount('JOKER', 'm');
    store.transfer('JOKER', { ref: 'r1', username: 'joker000001', direction: 'in', amount: 900 });
    store.playRounds('JOKER', 'joker000001', { rounds: 2, bet: 100, outcome: 'lose' });
    const snapshot = JSON.parse(JSON.stringify(store.snapshot()));
    const restored = GameProviderStore.fromSnapshot(snapshot, { newPassword: () => 'fresh' });
    expect(restored.getAccount('JOKER', 'joker000001')?.balance).toBe(700);
    expect(
      restored.transfer('JOKER', {
        ref: 'r1',
        username: 'joker000001',
        direction: 'in',
        amount: 900,
      }).type,
    ).toBe('replayed');
    expect(restored.openAccount('JOKER', 'm').type).toBe('existing');
    expect(restored.openAccount('JOKER', 'n')).toMatchObject({
      account: { username: 'joker000002' },
    });
    expect(restored.ledger('JOKER', { limit: 10 }).entries).toEqual(
      store.ledger('JOKER', { limit: 10 }).entries,
    );
    expect(restored.totals('JOKER')).toEqual({ ...store.totals('JOKER'), accounts: 2 });
    expect(restored.betReport('JOKER', 'joker000001', 0)).toEqual({
      bets: 200,
      wins: 0,
      rounds: 2,
    });
    // The snapshot is a copy: changing the restored store leaves the original alone.
    restored.transfer('JOKER', { ref: 'r2', username: 'joker000001', direction: 'in', amount: 1 });
    expect(store.getAccount('JOKER', 'joker000001')?.balance).toBe(700);
  });
});
