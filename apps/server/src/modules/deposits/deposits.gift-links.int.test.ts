import { describe, expect, it } from 'vitest';
import { forEachDialect } from '../../../test/helpers';
import { reconcilePass } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import { depositKey, encryptGiftLink, redeemLink } from '../../../test/deposit-support';
import { balances, ledgerFingerprint, newMember } from '../../../test/reliability/money-helpers';
import { ledgerCheck } from '../ledger';
import { giftLinkFlow } from './deposits.gift-links';

const phoneOf = async (t: TestApp, memberId: number) =>
  (
    await t.db
      .selectFrom('members')
      .select('username')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow()
  ).username;

/** A member and a gift link of `satang` created from the member's own phone. */
async function memberWithLink(t: TestApp, satang: number) {
  const m = await newMember(t);
  const phone = await phoneOf(t, m.id);
  const voucher = t.gifts.issue(phone, satang);
  return { m, phone, voucher, link: encryptGiftLink(voucher.link) };
}

/** TRUELINK_INVALID with why (issue 26): the spec's client reads the code, ours the reason. */
const refused = (reason: string) => [400, { message: 'TRUELINK_INVALID', reason }];
const DUPLICATE = [409, { message: 'TRUELINK_DUPLICATE' }];

forEachDialect('gift-link deposits', (get) => {
  describe('POST /api/wallet/truelink', () => {
    it('redeems the member’s own gift link into the operator wallet and credits it once', async () => {
      const t = get();
      const { m, voucher, link } = await memberWithLink(t, 5025);
      const res = await redeemLink(t, m.token, link);
      expect([res.statusCode, res.json()]).toEqual([200, { message: 'SUCCESS', amount: 50.25 }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 5025, hold: 0 });
      const stored = t.gifts.vouchers.get(voucher.hash)!;
      expect([stored.status, stored.redeemedBy]).toEqual([
        'redeemed',
        t.config.deposits.giftReceivingPhone,
      ]);
      const statement = await t.call('POST', '/api/statement', {
        token: m.token,
        body: { page: 1, limit: 10 },
      });
      expect(statement.json<{ statements: unknown[] }>().statements).toEqual([
        expect.objectContaining({
          statementType: 'deposit',
          status: 'SUCCESS',
          from: 'GIFT_LINK',
          to: 'WALLET',
          amount: 50.25,
        }),
      ]);
      // The same link again (a new request), by the member or anyone else: duplicate.
      const again = await redeemLink(t, m.token, encryptGiftLink(voucher.link));
      expect([again.statusCode, again.json()]).toEqual(DUPLICATE);
      const other = await newMember(t);
      const stolen = await redeemLink(t, other.token, link);
      expect([stolen.statusCode, stolen.json()]).toEqual(DUPLICATE);
      expect(await balances(t.db, m.id)).toEqual({ cash: 5025, hold: 0 });
      expect(await balances(t.db, other.id)).toEqual({ cash: 0, hold: 0 });
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });

    it('answers TRUELINK_INVALID for every kind of bad link, moving nothing', async () => {
      const t = get();
      const { m, phone, voucher } = await memberWithLink(t, 1000);
      const someoneElse = t.gifts.issue('0899999999', 1000);
      const small = t.gifts.issue(phone, 199);
      const expired = t.gifts.issue(phone, 1000, 1000);
      t.clock.advance(2000);
      const before = await ledgerFingerprint(t.db);
      const tampered = Buffer.from(encryptGiftLink(voucher.link), 'base64url');
      tampered[20]! ^= 1;
      const links: [string, string][] = [
        ['not-encrypted-at-all', 'UNREADABLE'],
        ['AAAA', 'UNREADABLE'],
        [voucher.link, 'UNREADABLE'], // sent in clear: not our ciphertext
        [encryptGiftLink('hello'), 'UNREADABLE'],
        [encryptGiftLink(voucher.link.replace('/campaign/', '/other/')), 'UNREADABLE'],
        [encryptGiftLink(`${voucher.link}&v=${voucher.hash}`), 'UNREADABLE'],
        [encryptGiftLink(`ftp://x/campaign/?v=${voucher.hash}`), 'UNREADABLE'],
        [encryptGiftLink(voucher.link.replace(voucher.hash, voucher.hash.slice(1))), 'UNREADABLE'],
        [tampered.toString('base64url'), 'UNREADABLE'],
        [encryptGiftLink(voucher.link.replace(voucher.hash, 'A'.repeat(35))), 'NOT_FOUND'],
        [encryptGiftLink(someoneElse.link), 'OTHER_PHONE'], // not from the member's phone
        [encryptGiftLink(small.link), 'BELOW_MINIMUM'], // 1.99 baht, under the minimum
        [encryptGiftLink(expired.link), 'EXPIRED'],
      ];
      for (const [link, reason] of links) {
        const res = await redeemLink(t, m.token, link);
        expect([res.statusCode, res.json(), link]).toEqual([...refused(reason), link]);
      }
      expect(await ledgerFingerprint(t.db)).toBe(before);
      const rows = await t.db
        .selectFrom('gift_redemptions')
        .select('id')
        .where('member_id', '=', m.id)
        .execute();
      expect(rows).toEqual([]);
      expect(t.gifts.vouchers.get(voucher.hash)!.status).toBe('active');
    });

    it('says EXPIRED when the voucher expires between lookup and redeem, and again for the same link', async () => {
      const t = get();
      const { m, voucher, link } = await memberWithLink(t, 1000);
      const lookup = t.gifts.lookup.bind(t.gifts);
      // The issuer still says active at lookup; the voucher's time runs out before the redeem.
      t.gifts.lookup = async (hash) => {
        const found = await lookup(hash);
        t.gifts.vouchers.get(hash)!.expiresAt = new Date(0).toISOString();
        return found;
      };
      try {
        const res = await redeemLink(t, m.token, link);
        expect([res.statusCode, res.json()]).toEqual(refused('EXPIRED'));
      } finally {
        t.gifts.lookup = lookup;
      }
      // The failed claim is remembered: the same link answers the same reason, not 'invalid'.
      const again = await redeemLink(t, m.token, encryptGiftLink(voucher.link));
      expect([again.statusCode, again.json()]).toEqual(refused('EXPIRED'));
      expect(await balances(t.db, m.id)).toEqual({ cash: 0, hold: 0 });
    });

    it('accepts exactly the 2-baht minimum', async () => {
      const t = get();
      const { m, link } = await memberWithLink(t, 200);
      const res = await redeemLink(t, m.token, link);
      expect([res.statusCode, res.json()]).toEqual([200, { message: 'SUCCESS', amount: 2 }]);
    });

    it('answers TRUELINK_DUPLICATE for a voucher redeemed elsewhere', async () => {
      const t = get();
      const { m, voucher, link } = await memberWithLink(t, 1000);
      await t.gifts.redeem(voucher.hash, '0877777777');
      const res = await redeemLink(t, m.token, link);
      expect([res.statusCode, res.json()]).toEqual(DUPLICATE);
      expect(await balances(t.db, m.id)).toEqual({ cash: 0, hold: 0 });
    });

    it('answers TRUELINK_DUPLICATE when the voucher is redeemed elsewhere between lookup and redeem', async () => {
      const t = get();
      const { m, voucher, link } = await memberWithLink(t, 1000);
      const lookup = t.gifts.lookup.bind(t.gifts);
      // The issuer still says active, then the owner redeems it elsewhere first.
      t.gifts.lookup = async (hash) => {
        const found = await lookup(hash);
        await t.gifts.redeem(hash, '0877777777');
        return found;
      };
      try {
        const res = await redeemLink(t, m.token, link);
        expect([res.statusCode, res.json()]).toEqual(DUPLICATE);
      } finally {
        t.gifts.lookup = lookup;
      }
      const row = await t.db
        .selectFrom('gift_redemptions')
        .selectAll()
        .where('hash', '=', voucher.hash)
        .executeTakeFirstOrThrow();
      expect([row.status, row.last_error, row.next_attempt_at]).toEqual([
        'FAILED',
        'VOUCHER_OUT_OF_STOCK',
        null,
      ]);
      const again = await redeemLink(t, m.token, link);
      expect([again.statusCode, again.json()]).toEqual(DUPLICATE);
      expect(await balances(t.db, m.id)).toEqual({ cash: 0, hold: 0 });
    });

    it('validates the body and the idempotency key', async () => {
      const t = get();
      const m = await newMember(t);
      // A missing key is allowed (decision 0053); a malformed one is refused.
      const badKey = await t.call('POST', '/api/wallet/truelink', {
        token: m.token,
        headers: { 'idempotency-key': 'bad key!' },
        body: { link: 'x' },
      });
      expect([badKey.statusCode, badKey.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      for (const [body, code] of [
        [{}, 'KEY_MISSING'],
        [{ link: '' }, 'KEY_INVALID'],
        [{ link: 5 }, 'KEY_INVALID'],
        [{ link: 'x'.repeat(4097) }, 'KEY_INVALID'],
        [{ link: 'x', amount: 100 }, 'KEY_INVALID'],
      ] as const) {
        const res = await t.call('POST', '/api/wallet/truelink', {
          token: m.token,
          headers: { 'idempotency-key': depositKey() },
          body,
        });
        expect([res.statusCode, res.json()]).toEqual([400, { message: code }]);
      }
      const anonymous = await t.call('POST', '/api/wallet/truelink', {
        headers: { 'idempotency-key': depositKey() },
        body: { link: 'x' },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('issuer outages', () => {
    it('answers 503 when the issuer cannot be asked, and nothing is claimed', async () => {
      const t = get();
      const { m, voucher, link } = await memberWithLink(t, 1000);
      t.gifts.lookupDown = true;
      try {
        const res = await redeemLink(t, m.token, link);
        expect([res.statusCode, res.json()]).toEqual([503, { message: 'INTERNAL_SERVER_ERROR' }]);
      } finally {
        t.gifts.lookupDown = false;
      }
      expect(t.gifts.vouchers.get(voucher.hash)!.status).toBe('active');
      const retry = await redeemLink(t, m.token, link);
      expect(retry.json()).toEqual({ message: 'SUCCESS', amount: 10 });
    });

    it('resolves unknown redeem outcomes in the reconciler: lost answer and no answer', async () => {
      const t = get();
      const lost = await memberWithLink(t, 3000);
      const down = await memberWithLink(t, 4000);
      t.gifts.failNext('lost');
      const a = await redeemLink(t, lost.m.token, lost.link);
      expect([a.statusCode, a.json()]).toEqual([503, { message: 'INTERNAL_SERVER_ERROR' }]);
      t.gifts.failNext('down');
      const b = await redeemLink(t, down.m.token, down.link);
      expect(b.statusCode).toBe(503);
      // While it is being resolved, the link cannot be redeemed a second time.
      const again = await redeemLink(t, lost.m.token, lost.link);
      expect([again.statusCode, again.json()]).toEqual(DUPLICATE);
      expect(await balances(t.db, lost.m.id)).toEqual({ cash: 0, hold: 0 });
      t.clock.advance(60_000);
      const report = await reconcilePass(giftLinkFlow(t.app.deps), t.app.deps);
      expect(report.credited).toBeGreaterThanOrEqual(2);
      expect(await balances(t.db, lost.m.id)).toEqual({ cash: 3000, hold: 0 });
      expect(await balances(t.db, down.m.id)).toEqual({ cash: 4000, hold: 0 });
      t.clock.advance(60 * 60_000);
      const second = await reconcilePass(giftLinkFlow(t.app.deps), t.app.deps);
      expect(second.credited).toBe(0);
      expect(await balances(t.db, lost.m.id)).toEqual({ cash: 3000, hold: 0 });
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });
  });

  describe('limits (decision 0025)', () => {
    it('locks a member after GIFT_LINK_MAX_FAILURES failed attempts, even for a good link', async () => {
      const t = get();
      const app = await t.rebuild({
        deposits: { ...t.config.deposits, giftLinkMaxFailures: 3, giftLinkLockMinutes: 15 },
      });
      const call = (token: string, link: string) =>
        app.inject({
          method: 'POST',
          url: '/api/wallet/truelink',
          headers: {
            'x-wallet-user': 'member',
            authorization: `Bearer ${token}`,
            'idempotency-key': depositKey(),
          },
          payload: { link },
        });
      const { m, link } = await memberWithLink(t, 1500);
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push((await call(m.token, encryptGiftLink('nope'))).json());
      expect(answers).toEqual(Array(3).fill({ message: 'TRUELINK_INVALID', reason: 'UNREADABLE' }));
      const locked = await call(m.token, link);
      expect([locked.statusCode, locked.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 0, hold: 0 });
      t.clock.advance(15 * 60_000 + 1000);
      const ok = await call(m.token, link);
      expect(ok.json()).toEqual({ message: 'SUCCESS', amount: 15 });
      // A success clears the count.
      const row = await t.db
        .selectFrom('gift_link_throttle')
        .selectAll()
        .where('key', '=', `member:${m.id}`)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('limits requests per IP (RATE_LIMIT_GIFT_LINK_PER_MIN)', async () => {
      const t = get();
      const app = await t.rebuild({ deposits: { ...t.config.deposits, giftLinkPerMin: 4 } });
      const m = await newMember(t);
      const codes = [];
      for (let i = 0; i < 6; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/wallet/truelink',
          remoteAddress: '203.0.113.7',
          headers: {
            'x-wallet-user': 'member',
            authorization: `Bearer ${m.token}`,
            'idempotency-key': depositKey(),
          },
          payload: { link: 'x' },
        });
        codes.push(`${res.statusCode} ${res.json<{ message: string }>().message}`);
      }
      expect(codes).toEqual([
        ...Array(4).fill('400 TRUELINK_INVALID'),
        '429 REQUEST_LIMIT_1MIN',
        '429 REQUEST_LIMIT_1MIN',
      ]);
    });
  });
});
