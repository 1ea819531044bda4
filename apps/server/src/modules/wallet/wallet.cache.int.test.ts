// The wallet answer cache (decision 0034) may never show a stale answer: every change the
// answer can show must bump members.wallet_version, whoever writes it. Each step below
// reads the wallet first (so an entry is cached), changes one input, and expects the very
// next read to show the change.
import { gunzipSync } from 'node:zlib';
import type { Wallet } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { activate, newKey, newMember, transfer } from '../../../test/game-support';
import type { Member } from '../../../test/game-support';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect } from '../../../test/helpers';
import { changeMemberBank } from '../../../test/reliability/money-helpers';
import { getSetting, setSetting } from '../settings';
import { WalletAnswerCache } from './wallet.cache';

const wallet = async (t: TestApp, m: Member) => {
  const res = await t.call('GET', '/api/wallet', { token: m.token });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json<Wallet>();
};

const version = async (t: TestApp, m: Member) =>
  Number(
    (
      await t.db
        .selectFrom('members')
        .select('wallet_version')
        .where('id', '=', m.memberId)
        .executeTakeFirstOrThrow()
    ).wallet_version,
  );

forEachDialect('wallet: the cached wallet answer is never stale', (get) => {
  it('shows every change at the next read, and answers the same bytes while nothing changed', async () => {
    const t = get();
    const m = await newMember(t, 100);
    const first = await t.call('GET', '/api/wallet', { token: m.token });
    const again = await t.call('GET', '/api/wallet', { token: m.token });
    expect(again.body).toBe(first.body);
    const v0 = await version(t, m);

    // A ledger posting (operator credit).
    await t.fund(m.memberNo, 5);
    expect((await wallet(t, m)).wallet.amount).toBe(105);
    const v1 = await version(t, m);
    expect(v1).toBeGreaterThan(v0);

    // A game account opened, then a transfer (ledger + provider balance).
    const pgUser = await activate(t, m, 'PG');
    expect((await wallet(t, m)).slots.find((s) => s.code === 'PG')!.isActive).toBe(true);
    await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 40 });
    let w = await wallet(t, m);
    expect(w.wallet.amount).toBe(65);
    expect(w.slots.find((s) => s.code === 'PG')!.amount).toBe(40);

    // The provider's balance changed on its own (the member won) and a refresh saw it.
    t.games.play('PG', pgUser, 12_345 - 4_000);
    await t.call('GET', '/api/wallet/refresh/slot', { token: m.token });
    expect((await wallet(t, m)).slots.find((s) => s.code === 'PG')!.amount).toBe(123.45);

    // The member's own profile (name).
    w = await wallet(t, m);
    const profile = await t.call('PUT', '/api/account/profile', {
      token: m.token,
      body: {
        name: 'Renamed Member',
        bankCode: w.bankAccount.bankCode,
        bankAccountName: 'RENAMED MEMBER',
        bankAccountNo: w.bankAccount.bankAccountNo,
      },
    });
    expect(profile.statusCode).toBe(200);
    w = await wallet(t, m);
    expect(w.profile.name).toBe('Renamed Member');
    expect(w.bankAccount.bankAccountName).toBe('RENAMED MEMBER');

    // The operator moved the payout account.
    const moved = await changeMemberBank(t, m.memberNo, {
      bankCode: 'SCB',
      bankAccountName: 'RENAMED MEMBER',
      bankAccountNo: '5551234567',
      reason: 'member asked at the branch',
    });
    expect(moved.approved?.statusCode).toBe(200);
    expect((await wallet(t, m)).bankAccount.bankAccountNo).toBe('5551234567');

    // A money call that failed changed nothing and keeps the same answer.
    const before = await t.call('GET', '/api/wallet', { token: m.token });
    const refused = await t.call('POST', '/api/wallet/transfer', {
      token: m.token,
      headers: { 'idempotency-key': newKey() },
      body: { from: 'WALLET', to: 'PG', amount: 1_000_000 },
    });
    expect(refused.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect((await t.call('GET', '/api/wallet', { token: m.token })).body).toBe(before.body);

    // An operator setting the answer shows (invite figures).
    await setSetting(t.db, t.clock, 'invite', {
      ...(await getSetting(t.db, 'invite')),
      successPercent: 300,
      failPercent: 40,
    });
    try {
      expect((await wallet(t, m)).invite).toEqual({ amount: 0, success: 300, fail: 40 });
    } finally {
      await setSetting(t.db, t.clock, 'invite', {
        ...(await getSetting(t.db, 'invite')),
        successPercent: 100,
        failPercent: 0,
      });
    }
  });

  it('sends the answer gzipped to a client that accepts gzip, the same JSON once decoded', async () => {
    const t = get();
    const m = await newMember(t, 7);
    const plain = await t.call('GET', '/api/wallet', { token: m.token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    for (let i = 0; i < 2; i++) {
      // The second read is a cache hit: the gzipped bytes made once are sent again.
      const zipped = await t.call('GET', '/api/wallet', {
        token: m.token,
        headers: { 'accept-encoding': 'br, gzip;q=0.8' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('accept-encoding');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    }
    for (const refused of ['gzip;q=0', 'br', 'identity']) {
      const res = await t.call('GET', '/api/wallet', {
        token: m.token,
        headers: { 'accept-encoding': refused },
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(plain.body);
    }
  });

  it('keeps members apart', async () => {
    const t = get();
    const a = await newMember(t, 1);
    const b = await newMember(t, 2);
    for (let i = 0; i < 3; i++) {
      expect((await wallet(t, a)).wallet.amount).toBe(1);
      expect((await wallet(t, b)).wallet.amount).toBe(2);
    }
  });
});

describe('WalletAnswerCache', () => {
  it('answers only for the exact key and drops the least recently used member first', () => {
    const cache = new WalletAnswerCache<string>(2);
    cache.set(1, 'v1', 'one');
    cache.set(2, 'v1', 'two');
    expect(cache.get(1, 'v2')).toBeUndefined();
    expect(cache.get(1, 'v1')).toBe('one'); // 1 is now the most recently used
    cache.set(3, 'v1', 'three');
    expect(cache.get(2, 'v1')).toBeUndefined();
    expect(cache.get(1, 'v1')).toBe('one');
    expect(cache.get(3, 'v1')).toBe('three');
    expect(cache.size).toBe(2);
  });
});
