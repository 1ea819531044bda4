// reliability.md T10, promotion codes and the spin wheel (issue 25, section 3 item 1;
// decision 0120), on both databases, at the documented limits:
// - one member guessing codes from 500 IPs: PROMOTION_CODE_MAX_FAILURES unknown codes are
//   answered, then the member is locked (429 REQUEST_LIMIT with the lock's wait) for
//   PROMOTION_CODE_LOCK_MINUTES, a genuine code included: 0 successful guesses;
// - known codes do not count toward the lock; unknown codes of find, promotion activate and
//   bonus activate count alike;
// - per member: PROMOTION_CODE_PER_MEMBER_PER_MIN code calls and SPIN_PER_MEMBER_PER_MIN spins
//   and claims a minute (429 REQUEST_LIMIT, retryAfterSeconds); per IP:
//   RATE_LIMIT_PROMOTION_CODE_PER_MIN and RATE_LIMIT_SPIN_PER_MIN (429 REQUEST_LIMIT_1MIN);
// - the limits hold across two server processes (database and Redis counters).
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { MINUTE_MS } from '../../src/lib/clock';
import { startTestRedis } from '../chat-socket-support';
import { newKey, newMember } from '../game-support';
import type { Member } from '../game-support';
import { forEachDialect } from '../helpers';
import type { TestApp } from '../helpers';
import type { SharedCounter } from '../../src/ports/shared-counter';
import { startSecondProcess } from '../second-process';

const limits = loadConfig({ NODE_ENV: 'test' }).promotions;
const GUESSES = 500;
const BATCH = 100;
/** Seeded demo codes: a promotion code and a bonus (SEED_DEMO is on in tests). */
const REAL_CODE = 'WELCOME50';

let ips = 0;
/** A new client address for each call. */
const nextIp = () => {
  const i = ++ips;
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
};

/** `<status> <message>`; 200: `found` (a promotion), `{}` (nothing found) or `answered`. */
function label(res: LightMyRequestResponse): string {
  const body = res.json<Record<string, unknown>>();
  if (res.statusCode !== 200) return `${res.statusCode} ${String(body.message)}`;
  if ('code' in body) return '200 found';
  if ('message' in body) return `200 ${String(body.message)}`;
  return Object.keys(body).length === 0 ? '200 {}' : '200 answered';
}

async function fire(count: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  const answers: Record<string, number> = {};
  const started = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, count - start) }, (_, j) => send(start + j)),
    );
    for (const res of batch) answers[label(res)] = (answers[label(res)] ?? 0) + 1;
  }
  return { answers, ms: Date.now() - started };
}

const find = (t: TestApp, m: Member, code: string, ip = nextIp()) =>
  t.call('GET', `/api/promotion/find/${code}`, { token: m.token, ip });
const activatePromotion = (t: TestApp, m: Member, code: string, ip = nextIp()) =>
  t.call('GET', `/api/promotion/activate/${code}`, { token: m.token, ip });
const activateBonus = (t: TestApp, m: Member, code: string, ip = nextIp()) =>
  t.call('GET', `/api/bonus/activate/${code}`, { token: m.token, ip });
const unknownCode = (i: number) => `ZZ${process.pid % 1000}X${i}`;

async function realBonusCode(t: TestApp): Promise<string> {
  const row = await t.db
    .selectFrom('bonus_definitions')
    .select('code')
    .where('enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.code;
}

forEachDialect(
  'T10 promotion codes and spins',
  (get) => {
    it(
      `${GUESSES} code guesses by one member from ${GUESSES} IPs: ${limits.codeMaxFailures} answered, then locked; 0 successful guesses`,
      { timeout: 300_000 },
      async () => {
        const t = get();
        const m = await newMember(t);
        const { answers, ms } = await fire(GUESSES, (i) => find(t, m, unknownCode(i)));
        console.log(
          `T10 promotion codes [${t.dialect}] one member, ${GUESSES} IPs: ${JSON.stringify(answers)} ms=${ms}`,
        );
        expect(answers).toEqual({
          '200 {}': limits.codeMaxFailures,
          '429 REQUEST_LIMIT': GUESSES - limits.codeMaxFailures,
        });
        // Locked: a genuine code is refused too, on every code call, with the lock's wait.
        const bonus = await realBonusCode(t);
        const locked = [
          await find(t, m, REAL_CODE),
          await activatePromotion(t, m, REAL_CODE),
          await activateBonus(t, m, bonus),
        ];
        for (const res of locked) {
          expect(res.statusCode).toBe(429);
          const body = res.json<{ message: string; retryAfterSeconds: number }>();
          expect(body.message).toBe('REQUEST_LIMIT');
          expect(body.retryAfterSeconds).toBeGreaterThan(limits.codeLockMinutes * 60 - 120);
          expect(res.headers['retry-after']).toBe(String(body.retryAfterSeconds));
        }
        // Past the per-member minute the lock still holds: it is the lock, not the window.
        t.clock.advance(MINUTE_MS + 1000);
        const still = await find(t, m, REAL_CODE);
        expect(label(still)).toBe('429 REQUEST_LIMIT');
        expect(still.json<{ retryAfterSeconds: number }>().retryAfterSeconds).toBeLessThan(
          limits.codeLockMinutes * 60 - 60,
        );
        const uses = await t.db
          .selectFrom('promotion_uses')
          .select('id')
          .where('member_id', '=', m.memberId)
          .execute();
        const grants = await t.db
          .selectFrom('promotion_grants')
          .select('id')
          .where('member_id', '=', m.memberId)
          .execute();
        expect([uses.length, grants.length]).toEqual([0, 0]);
        // When the lock ends the genuine code is found again.
        t.clock.advance(limits.codeLockMinutes * MINUTE_MS);
        expect(label(await find(t, m, REAL_CODE))).toBe('200 found');
      },
    );

    it('counts unknown codes of find, promotion activate and bonus activate alike, never known ones', async () => {
      const t = get();
      const m = await newMember(t);
      const seen: string[] = [];
      // Misses on the three calls, with a known code between them: the known one is not counted.
      for (let i = 0; i < limits.codeMaxFailures - 1; i++) {
        const call = [find, activatePromotion, activateBonus][i % 3]!;
        seen.push(label(await call(t, m, unknownCode(1000 + i))));
        if (i === 2) seen.push(label(await find(t, m, REAL_CODE)));
      }
      // The last miss allowed is still answered; it sets the lock.
      seen.push(label(await activateBonus(t, m, unknownCode(2000))));
      seen.push(label(await find(t, m, REAL_CODE)));
      console.log(`T10 promotion codes [${t.dialect}] mixed calls: ${seen.join(', ')}`);
      expect(seen.filter((s) => s === '200 found')).toHaveLength(1);
      expect(seen.slice(-2)).toEqual(['404 NO_DATA', '429 REQUEST_LIMIT']);
      expect(seen.filter((s) => s.startsWith('429'))).toHaveLength(1);

      // A known code on the attempt that would lock does not lock.
      const n = await newMember(t);
      for (let i = 0; i < limits.codeMaxFailures - 1; i++)
        expect(label(await find(t, n, unknownCode(3000 + i)))).toBe('200 {}');
      expect(label(await find(t, n, REAL_CODE))).toBe('200 found');
      t.clock.advance(MINUTE_MS + 1000);
      expect(label(await find(t, n, REAL_CODE))).toBe('200 found');
    });

    it(`a member repeating a genuine code: ${limits.codePerMemberPerMin} a minute, then REQUEST_LIMIT with the wait; no lock`, async () => {
      const t = get();
      const m = await newMember(t);
      const { answers } = await fire(50, () => find(t, m, REAL_CODE));
      console.log(
        `T10 promotion codes [${t.dialect}] one member, one real code x50: ${JSON.stringify(answers)}`,
      );
      expect(answers).toEqual({
        '200 found': limits.codePerMemberPerMin,
        '429 REQUEST_LIMIT': 50 - limits.codePerMemberPerMin,
      });
      const refused = await find(t, m, REAL_CODE);
      const wait = refused.json<{ retryAfterSeconds: number }>().retryAfterSeconds;
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      t.clock.advance(MINUTE_MS + 1000);
      expect(label(await find(t, m, REAL_CODE))).toBe('200 found');
    });

    it(
      `${GUESSES} guesses from one IP by 20 members: ${limits.codePerIpPerMin} a minute, then REQUEST_LIMIT_1MIN`,
      { timeout: 300_000 },
      async () => {
        const t = get();
        const members: Member[] = [];
        for (let i = 0; i < 20; i++) members.push(await newMember(t));
        const ip = `198.51.100.${(process.pid % 200) + 30}`;
        const { answers, ms } = await fire(GUESSES, (i) =>
          find(t, members[i % members.length]!, unknownCode(5000 + i), ip),
        );
        console.log(
          `T10 promotion codes [${t.dialect}] one IP, 20 members: ${JSON.stringify(answers)} ms=${ms}`,
        );
        expect(answers).toEqual({
          '200 {}': limits.codePerIpPerMin,
          '429 REQUEST_LIMIT_1MIN': GUESSES - limits.codePerIpPerMin,
        });
      },
    );

    it(
      `spin flooding: ${GUESSES} spins with ${GUESSES} coins answer ${limits.spinPerMemberPerMin} a minute; claims alike`,
      { timeout: 300_000 },
      async () => {
        const t = get();
        const m = await newMember(t);
        await t.db
          .updateTable('members')
          .set({ coin: GUESSES })
          .where('id', '=', m.memberId)
          .execute();
        // Each spin its own call (one idempotency key each), as a script would send them.
        const spins = await fire(GUESSES, () =>
          t.call('POST', '/api/spinwheel/spin', {
            token: m.token,
            ip: nextIp(),
            headers: { 'idempotency-key': newKey() },
          }),
        );
        const claims = await fire(100, (i) =>
          t.call('POST', '/api/spinwheel/coupon/claim', {
            token: m.token,
            ip: nextIp(),
            body: { coupon: `NOPE${i}` },
          }),
        );
        console.log(
          `T10 spins [${t.dialect}] one member, ${GUESSES} IPs: spins ${JSON.stringify(spins.answers)} ms=${spins.ms}; claims ${JSON.stringify(claims.answers)}`,
        );
        expect(spins.answers).toEqual({
          '200 answered': limits.spinPerMemberPerMin,
          '429 REQUEST_LIMIT': GUESSES - limits.spinPerMemberPerMin,
        });
        expect(claims.answers).toEqual({
          '404 INVALID_CODE': limits.spinPerMemberPerMin,
          '429 REQUEST_LIMIT': 100 - limits.spinPerMemberPerMin,
        });
        const { coin } = await t.db
          .selectFrom('members')
          .select('coin')
          .where('id', '=', m.memberId)
          .executeTakeFirstOrThrow();
        expect(coin).toBe(GUESSES - limits.spinPerMemberPerMin);
      },
    );

    it(`turnover reads: ${limits.turnoverPerMemberPerMin} a minute per member, then REQUEST_LIMIT with the wait`, async () => {
      // Issue 25, 3.4: one member's reads fanned out to every provider, 560 calls a second.
      const t = get();
      const m = await newMember(t);
      const reads = limits.turnoverPerMemberPerMin + 10;
      const { answers } = await fire(reads, () =>
        t.call('GET', '/api/bonus/turnover', { token: m.token, ip: nextIp() }),
      );
      console.log(`T10 turnover reads [${t.dialect}]: ${JSON.stringify(answers)}`);
      expect(answers).toEqual({
        '200 answered': limits.turnoverPerMemberPerMin,
        '429 REQUEST_LIMIT': 10,
      });
    });

    it('per IP on each of the five calls: past the limit REQUEST_LIMIT_1MIN', async () => {
      const t = get();
      const app = await t.rebuild({
        promotions: {
          ...limits,
          codePerIpPerMin: 5,
          spinPerIpPerMin: 5,
          codePerMemberPerMin: 100,
          spinPerMemberPerMin: 100,
          codeMaxFailures: 100,
        },
      });
      const m = await newMember(t);
      const calls: [string, string, unknown?][] = [
        ['GET', `/api/promotion/find/${REAL_CODE}`],
        ['GET', `/api/promotion/activate/${unknownCode(7000)}`],
        ['GET', `/api/bonus/activate/${unknownCode(7001)}`],
        ['POST', '/api/spinwheel/spin'],
        ['POST', '/api/spinwheel/coupon/claim', { coupon: 'NOPE' }],
      ];
      for (const [method, url, body] of calls) {
        const statuses: number[] = [];
        let last: LightMyRequestResponse | undefined;
        for (let i = 0; i < 7; i++) {
          last = await app.inject({
            method: method as 'GET' | 'POST',
            url,
            headers: { 'x-wallet-user': 'member', authorization: `Bearer ${m.token}` },
            ...(body === undefined ? {} : { payload: body as object }),
            remoteAddress: '203.0.113.77',
          });
          statuses.push(last.statusCode);
        }
        expect(statuses.slice(5), url).toEqual([429, 429]);
        expect(
          statuses.slice(0, 5).every((s) => s !== 429),
          url,
        ).toBe(true);
        expect(last?.json(), url).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
      }
      await app.close();
    });

    it('shared counters down: the per-member minutes let calls through; the lock still holds', async () => {
      const t = get();
      const down: SharedCounter = {
        kind: 'redis',
        hit: () => Promise.reject(new Error('Redis unreachable')),
        close: () => Promise.resolve(),
      };
      const p = await startSecondProcess(t, { promotions: limits }, { counters: down });
      try {
        const m = await newMember(t);
        const call = (url: string, method: 'GET' | 'POST' = 'GET') =>
          p.app.inject({
            method,
            url,
            headers: {
              'x-wallet-user': 'member',
              authorization: `Bearer ${m.token}`,
              'idempotency-key': newKey(),
            },
            remoteAddress: nextIp(),
          });
        const finds: string[] = [];
        for (let i = 0; i < limits.codePerMemberPerMin + 2; i++)
          finds.push(label(await call(`/api/promotion/find/${REAL_CODE}`)));
        expect(finds.every((f) => f === '200 found')).toBe(true);
        const spins: string[] = [];
        for (let i = 0; i < limits.spinPerMemberPerMin + 2; i++)
          spins.push(label(await call('/api/spinwheel/spin', 'POST')));
        // No coins: every spin is answered by the wheel (409 NO_DATA), none by a limit.
        expect(spins.filter((c) => c.startsWith('429'))).toEqual([]);
        // Unknown codes still lock (the database throttle).
        const guesses: string[] = [];
        for (let i = 0; i < limits.codeMaxFailures + 1; i++)
          guesses.push(label(await call(`/api/promotion/find/${unknownCode(9000 + i)}`)));
        expect(guesses.at(-1)).toBe('429 REQUEST_LIMIT');
      } finally {
        await p.close();
      }
    });

    it('the per-member limit holds across two server processes (database, Redis)', async () => {
      const t = get();
      const redis = await startTestRedis();
      try {
        for (const counters of ['database', 'redis'] as const) {
          const overrides = {
            promotions: limits,
            shared: { ...t.config.shared, counters },
            chat: { ...t.config.chat, redisUrl: redis.url },
          };
          const processes = [
            await startSecondProcess(t, overrides),
            await startSecondProcess(t, overrides),
          ];
          try {
            const m = await newMember(t);
            const seen: string[] = [];
            for (let i = 0; i < limits.codePerMemberPerMin + 2; i++) {
              const res = await processes[i % 2]!.app.inject({
                method: 'GET',
                url: `/api/promotion/find/${REAL_CODE}`,
                headers: { 'x-wallet-user': 'member', authorization: `Bearer ${m.token}` },
                remoteAddress: nextIp(),
              });
              seen.push(label(res));
            }
            console.log(
              `T10 promotion codes across 2 processes [${t.dialect}, ${counters}]: ${seen.join(', ')}`,
            );
            expect(seen).toEqual([
              ...Array<string>(limits.codePerMemberPerMin).fill('200 found'),
              '429 REQUEST_LIMIT',
              '429 REQUEST_LIMIT',
            ]);
          } finally {
            for (const p of processes) await p.close();
          }
        }
      } finally {
        await redis.stop();
      }
    });
  },
  { promotions: limits },
);
