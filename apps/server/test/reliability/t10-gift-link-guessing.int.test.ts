// reliability.md T10, gift links: 10,000 guessed links (validly encrypted links of random
// voucher hashes, and real vouchers of other phones) at the limits of decision 0025, on both
// dialects. Pass figure: 0 successful guesses, throttled at the documented limits:
// - one member from 10,000 IPs: 10 TRUELINK_INVALID, then REQUEST_LIMIT (the member is
//   locked for 15 minutes, even for a genuine link); the issuer is asked 10 times;
// - one IP for 20 members: 10 answers a minute, then REQUEST_LIMIT_1MIN.
import { expect, it } from 'vitest';
import { randomVoucherHash } from '../../src/adapters/memory-gift-link-redeemer';
import { loadConfig } from '../../src/config';
import { forEachDialect } from '../helpers';
import type { TestApp } from '../helpers';
import { encryptGiftLink, redeemLink } from '../deposit-support';
import { phoneOf } from './deposit-races';
import { balances, ledgerFingerprint, newMember } from './money-helpers';

const GUESSES = 10_000;
const BATCH = 100;
const defaults = loadConfig({ NODE_ENV: 'test' }).deposits;

function guess(t: TestApp, i: number): string {
  // Every 100th guess is a real voucher, but of another phone.
  if (i % 100 === 0) return encryptGiftLink(t.gifts.issue('0899999999', 10_000).link);
  return encryptGiftLink(`http://127.0.0.1:3100/gift/campaign/?v=${randomVoucherHash()}`);
}

async function fire(
  t: TestApp,
  count: number,
  send: (i: number) => Promise<{ statusCode: number; body: string }>,
): Promise<Record<string, number>> {
  const answers: Record<string, number> = {};
  for (let start = 0; start < count; start += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, count - start) }, (_, j) => send(start + j)),
    );
    for (const res of batch) {
      const label = `${res.statusCode} ${(JSON.parse(res.body) as { message: string }).message}`;
      answers[label] = (answers[label] ?? 0) + 1;
    }
  }
  return answers;
}

forEachDialect(
  'T10 gift-link guessing',
  (get) => {
    it(
      `${GUESSES} guesses by one member from ${GUESSES} IPs: locked after ${defaults.giftLinkMaxFailures}`,
      { timeout: 600_000 },
      async () => {
        const t = get();
        const m = await newMember(t);
        const phone = await phoneOf(t.db, m.id);
        const before = await ledgerFingerprint(t.db);
        const lookups = t.gifts.calls.lookup;
        const started = Date.now();
        const answers = await fire(t, GUESSES, (i) =>
          redeemLink(t, m.token, guess(t, i), {
            ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          }),
        );
        console.log(
          `T10 gift links [${t.dialect}] one member: ${JSON.stringify(answers)} ms=${Date.now() - started}`,
        );
        expect(answers).toEqual({
          '400 TRUELINK_INVALID': defaults.giftLinkMaxFailures,
          '429 REQUEST_LIMIT': GUESSES - defaults.giftLinkMaxFailures,
        });
        expect(t.gifts.calls.lookup - lookups).toBeLessThanOrEqual(defaults.giftLinkMaxFailures);
        // Locked: even the member's genuine link waits for the lock to end.
        const genuine = encryptGiftLink(t.gifts.issue(phone, 500).link);
        const locked = await redeemLink(t, m.token, genuine, { ip: '192.0.2.1' });
        expect([locked.statusCode, locked.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
        expect(await ledgerFingerprint(t.db)).toBe(before);
        expect(await t.db.selectFrom('gift_redemptions').select('id').execute()).toEqual([]);
        t.clock.advance(defaults.giftLinkLockMinutes * 60_000 + 1000);
        const after = await redeemLink(t, m.token, genuine, { ip: '192.0.2.1' });
        expect(after.json()).toEqual({ message: 'SUCCESS', amount: 5 });
        expect(await balances(t.db, m.id)).toEqual({ cash: 500, hold: 0 });
      },
    );

    it(
      `${GUESSES} guesses from one IP for 20 members: ${defaults.giftLinkPerMin} a minute`,
      { timeout: 600_000 },
      async () => {
        const t = get();
        const members: Awaited<ReturnType<typeof newMember>>[] = [];
        for (let i = 0; i < 20; i++) members.push(await newMember(t));
        const before = await ledgerFingerprint(t.db);
        const started = Date.now();
        const answers = await fire(t, GUESSES, (i) =>
          redeemLink(t, members[i % members.length]!.token, guess(t, i), { ip: '198.51.100.9' }),
        );
        console.log(
          `T10 gift links [${t.dialect}] one IP: ${JSON.stringify(answers)} ms=${Date.now() - started}`,
        );
        expect(Date.now() - started).toBeLessThan(60_000); // one rate-limit window
        expect(answers).toEqual({
          '400 TRUELINK_INVALID': defaults.giftLinkPerMin,
          '429 REQUEST_LIMIT_1MIN': GUESSES - defaults.giftLinkPerMin,
        });
        expect(await ledgerFingerprint(t.db)).toBe(before);
      },
    );
  },
  { deposits: defaults },
);
