// reliability.md T3, promotions (issue 12): rounds of simultaneous claims of one spin coupon,
// of one invite bonus, of one refund (receive, then addWallet), of one promotion code by one
// member, activations of one bonus (20 each by default) and 50 spins with one coin. Exactly
// one winner per round, counted in the database (ledger transactions under the rule book's
// keys, grants, promotion uses, refund receipts, spins), not only from the answers. Setup
// per round is direct (SQL, services); the racing calls go through HTTP like the client.
// One function per race, shared by the CI test (a few rounds per dialect) and
// apps/server/scripts/t3-promotion-races.ts (1,000 rounds).
import { randomUUID } from 'node:crypto';
import { windowStart } from '@wallet/contract/bonus-window';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/database';
import { withTransaction } from '../../src/db/transaction';
import { creditDeposit } from '../../src/modules/deposits';
import { accounts, ledgerCheck, post } from '../../src/modules/ledger';
import { endGrant, inviteClaimable, openGrants } from '../../src/modules/promotions';
import { createBonus, createPromotion, deposit, operatorCall, setInviter } from '../bonus-support';
import { activate, newMember, transfer } from '../game-support';
import type { Member } from '../game-support';
import type { TestApp } from '../helpers';
import { balances, tallyAnswer } from './money-helpers';
import { negativeMemberBalances } from './withdraw-races';

export interface PromotionRaceFigures {
  race: PromotionRaceName;
  rounds: number;
  requests: number;
  /** Rounds with exactly one winner (of each race in the round) and the money right. */
  cleanRounds: number;
  minWinners: number;
  maxWinners: number;
  /** Answers by `status message`. */
  answers: Record<string, number>;
  negativeBalances: number;
  ledgerViolations: string[];
  ms: number;
}

export interface PromotionRaceOptions {
  rounds: number;
  /** Simultaneous requests per race (defaults: RACERS). */
  racers?: number;
  /** Winners of each race in the round (two for refundReceive: receive, addWallet). */
  onRound?: (round: number, winners: readonly number[]) => void;
}

export type PromotionRaceName =
  'coupon' | 'inviteClaim' | 'refundReceive' | 'promotionCode' | 'bonusActivation' | 'spin';

/** Simultaneous requests per race, as issue 12 names them. */
export const RACERS: Record<PromotionRaceName, number> = {
  coupon: 20,
  inviteClaim: 20,
  refundReceive: 20,
  promotionCode: 20,
  bonusActivation: 20,
  spin: 50,
};

interface RoundResult {
  /** Winners of each race of the round, from the database. */
  winners: number[];
  /** The money moved as one winner would move it (balance, keys, rows). */
  moneyRight: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Fires `racers` calls at once, tallying the answers by `status message` (`status answer`
 * for an answer without a message: a bonus item, a spin result).
 */
async function fire(
  answers: Record<string, number>,
  racers: number,
  call: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  const results = await Promise.all(Array.from({ length: racers }, call));
  for (const res of results) tallyAnswer(answers, res.statusCode, res.body);
  return results;
}

async function runRounds(
  t: TestApp,
  race: PromotionRaceName,
  options: PromotionRaceOptions,
  racesPerRound: number,
  round: (index: number, racers: number, answers: Record<string, number>) => Promise<RoundResult>,
): Promise<PromotionRaceFigures> {
  const racers = options.racers ?? RACERS[race];
  const started = Date.now();
  const answers: Record<string, number> = {};
  let clean = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (let i = 0; i < options.rounds; i++) {
    const result = await round(i, racers, answers);
    if (result.moneyRight && result.winners.every((w) => w === 1)) clean++;
    min = Math.min(min, ...result.winners);
    max = Math.max(max, ...result.winners);
    options.onRound?.(i, result.winners);
  }
  return {
    race,
    rounds: options.rounds,
    requests: options.rounds * racers * racesPerRound,
    cleanRounds: clean,
    minWinners: options.rounds === 0 ? 0 : min,
    maxWinners: max,
    answers,
    negativeBalances: await negativeMemberBalances(t.db),
    ledgerViolations: (await ledgerCheck(t.db)).violations,
    ms: Date.now() - started,
  };
}

const cashOf = async (t: TestApp, m: Member) => (await balances(t.db, m.memberId)).cash;

async function count(query: Promise<{ n: number | string | bigint } | undefined>): Promise<number> {
  return Number((await query)?.n ?? 0);
}

/** Ledger transactions under one key (the rule book's keys are unique: 0 or 1). */
const keyed = (db: Db, key: string) =>
  count(
    db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('idempotency_key', '=', key)
      .executeTakeFirst(),
  );

/** Ledger transactions of `event` after id `after` (keyed or not: a lost key still counts). */
const postedSince = (db: Db, event: string, after: number) =>
  count(
    db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('event', '=', event)
      .where('id', '>', after)
      .executeTakeFirst(),
  );

async function lastTxId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

let deposits = 0;
/** A credited deposit of `satang` at `clock`'s time, straight through the deposits module. */
async function depositOf(t: TestApp, m: Member, satang: number): Promise<string> {
  const reference = `T3P${process.pid}x${++deposits}x${Date.now().toString(36)}`;
  await withTransaction(t.db, (trx) =>
    creditDeposit(
      trx,
      { clock: t.clock, config: t.config },
      {
        event: 'test_deposit',
        actor: 'test',
        memberId: m.memberId,
        currency: 'BAHT',
        amount: satang,
        reference,
        from: 'TEST',
        idempotencyKey: reference,
        externalRef: reference,
      },
    ),
  );
  return reference;
}

async function setCoins(t: TestApp, m: Member, coin: number): Promise<void> {
  await t.db.updateTable('members').set({ coin }).where('id', '=', m.memberId).execute();
}

const localized = (text: string) => ({ th: `${text} th`, la: `${text} la`, en: `${text} en` });

/** A new active wheel (the others switched off) whose one drawable slice pays `prize` baht. */
async function prizeWheel(t: TestApp, prize: number): Promise<void> {
  const check = (res: LightMyRequestResponse) => {
    if (res.statusCode !== 200) throw new Error(`wheel setup: ${res.statusCode} ${res.body}`);
    return res;
  };
  const created = check(
    await operatorCall(t, 'POST', '/api/operator/spin/wheels', {
      name: localized('T3'),
      active: false,
    }),
  );
  const id = created.json<{ _id: string }>()._id;
  const code = `T3W${id}`;
  check(
    await operatorCall(t, 'POST', `/api/operator/spin/wheels/${id}/slices`, {
      code,
      label: localized(code),
      bgColor: '#112233',
      textColor: '#ffffff',
      htmlDescription: localized(`<p>${code}</p>`),
      weight: 1,
      prize,
      sortOrder: 0,
    }),
  );
  check(await operatorCall(t, 'PUT', `/api/operator/spin/wheels/${id}`, { active: true }));
}

const spinCall = (t: TestApp, m: Member) =>
  t.call('POST', '/api/spinwheel/spin', {
    token: m.token,
    headers: { 'idempotency-key': `spin-${randomUUID()}` },
  });

const spinsOf = (t: TestApp, m: Member) =>
  count(
    t.db
      .selectFrom('spins')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('member_id', '=', m.memberId)
      .executeTakeFirst(),
  );

const couponsOf = (t: TestApp, m: Member) =>
  count(
    t.db
      .selectFrom('spin_coupons')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('member_id', '=', m.memberId)
      .executeTakeFirst(),
  );

/** Each round: one coin, one spin (setup), then `racers` claims of its coupon at once. */
async function coupon(t: TestApp, options: PromotionRaceOptions) {
  const prize = 25;
  await prizeWheel(t, prize);
  const m = await newMember(t);
  return runRounds(t, 'coupon', options, 1, async (_i, racers, answers) => {
    await setCoins(t, m, 1);
    const spun = await spinCall(t, m);
    if (spun.statusCode !== 200) throw new Error(`coupon setup: ${spun.statusCode} ${spun.body}`);
    const row = await t.db
      .selectFrom('spin_coupons')
      .select('id')
      .where('member_id', '=', m.memberId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const before = await cashOf(t, m);
    const after = await lastTxId(t.db);
    await fire(answers, racers, () =>
      t.call('POST', '/api/spinwheel/coupon/claim', {
        token: m.token,
        headers: { 'idempotency-key': `claim-${randomUUID()}` },
        body: { coupon: String(row.id) },
      }),
    );
    const winners = await postedSince(t.db, 'coupon_credit', after);
    const claimed = await t.db
      .selectFrom('spin_coupons')
      .select('claimed_at')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    return {
      winners: [winners],
      moneyRight:
        (await keyed(t.db, `coupon:${row.id}`)) === 1 &&
        claimed.claimed_at !== null &&
        (await cashOf(t, m)) - before === prize * 100,
    };
  });
}

/** Each round: a deposit of the (played) invitee; `racers` claims of the inviter at once. */
async function inviteClaim(t: TestApp, options: PromotionRaceOptions) {
  const inviter = await newMember(t);
  const invitee = await newMember(t);
  await setInviter(t, invitee, inviter);
  // Rewards wait until the invitee's bets reach the deposit (decisions 0071, 0112).
  await depositOf(t, invitee, 10_000);
  const username = await activate(t, invitee, 'PG');
  const played = await transfer(t, invitee, { from: 'WALLET', to: 'PG', amount: 100 });
  if (played.statusCode !== 200) throw new Error(`invitee play: ${played.body}`);
  const keyPrefix = `invite-claim:${inviter.memberId}:`;
  const claims = () =>
    count(
      t.db
        .selectFrom('ledger_transactions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('idempotency_key', 'like', `${keyPrefix}%`)
        .executeTakeFirst(),
    );
  return runRounds(t, 'inviteClaim', options, 1, async (i, racers, answers) => {
    // One grant at a time (decision 0112): the last round's invite grant ends first.
    await endOpenGrant(t, inviter);
    const amount = 20_000 + (i % 50) * 1_000;
    await depositOf(t, invitee, amount);
    for (let left = amount; left > 0; left -= 10_000)
      t.games.bet('PG', username, Math.min(left, 10_000), Math.min(left, 10_000), t.clock.now());
    const claimable = await inviteClaimable(t.db, inviter.memberId, 'BAHT');
    const before = await cashOf(t, inviter);
    const claimsBefore = await claims();
    const after = await lastTxId(t.db);
    await fire(answers, racers, () => t.call('GET', '/api/invite/bonus', { token: inviter.token }));
    const winners = await postedSince(t.db, 'invite_credit', after);
    return {
      winners: [winners],
      moneyRight:
        claimable > 0 &&
        (await claims()) - claimsBefore === 1 &&
        (await inviteClaimable(t.db, inviter.memberId, 'BAHT')) === 0 &&
        (await cashOf(t, inviter)) - before === claimable,
    };
  });
}

/**
 * Each round plays a losing week on the fake clock (a deposit, the money moved to a game in
 * the ledger, a 400 baht losing bet in the provider's report), moves to the next Monday
 * 01:00 Bangkok, then fires `racers` receives at once and `racers` addWallets at once.
 */
async function refundReceive(t: TestApp, options: PromotionRaceOptions) {
  const m = await newMember(t);
  const username = await activate(t, m, 'PG');
  return runRounds(t, 'refundReceive', options, 2, async (_i, racers, answers) => {
    // One grant at a time (decision 0112): the last round's refund grant ends first.
    await endOpenGrant(t, m);
    const now = t.clock.now();
    await depositOf(t, m, 100_000);
    await withTransaction(t.db, (trx) =>
      post(trx, t.clock, {
        event: 'test_game_transfer',
        actor: 'test',
        entries: [
          {
            debit: accounts.memberCash(m.memberId),
            credit: accounts.provider('PG'),
            amount: 100_000,
          },
        ],
      }),
    );
    t.games.play('PG', username, 100_000);
    t.games.bet('PG', username, 40_000, 0, now);
    const periodKey = new Date(windowStart('week', now) + 7 * HOUR_MS).toISOString().slice(0, 10);
    const nextMonday = windowStart('week', now) + 7 * DAY_MS + HOUR_MS;
    t.clock.advance(nextMonday - now.getTime());
    // A week later the session has ended: sign in again, as the member would.
    m.token = await t.login(m.phone, 'password123');
    const receipts = () =>
      count(
        t.db
          .selectFrom('refund_receipts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('member_id', '=', m.memberId)
          .where('period_start', '=', periodKey)
          .executeTakeFirst(),
      );
    await fire(answers, racers, () => t.call('GET', '/api/refund/receive', { token: m.token }));
    const received = await receipts();
    const before = await cashOf(t, m);
    const after = await lastTxId(t.db);
    await fire(answers, racers, () => t.call('GET', '/api/refund/addWallet', { token: m.token }));
    const moved = await postedSince(t.db, 'refund_credit', after);
    return {
      winners: [received, moved],
      moneyRight:
        (await keyed(t.db, `refund:${m.memberId}:${periodKey}`)) === 1 &&
        (await cashOf(t, m)) - before === 2_000, // 5% of the 400 baht lost
    };
  });
}

/** Ends the member's open grants (as met), so the next one may open. */
async function endOpenGrant(t: TestApp, m: Member): Promise<void> {
  await withTransaction(t.db, async (trx) => {
    for (const open of await openGrants(trx, m.memberId))
      await endGrant(trx, t.clock, open, 'met', 0);
  });
}

/** Grants of a bonus or promotion code, and how many carry a `bonus-grant:` ledger posting. */
async function grantsOf(t: TestApp, m: Member, sourceCode: string) {
  const rows = await t.db
    .selectFrom('promotion_grants')
    .select(['id', 'credited'])
    .where('member_id', '=', m.memberId)
    .where('source_code', '=', sourceCode)
    .execute();
  let keyedPostings = 0;
  for (const row of rows) keyedPostings += await keyed(t.db, `bonus-grant:${row.id}`);
  return { rows, keyedPostings };
}

/**
 * A member activating `code` by `path` each round, after a fresh qualifying deposit of 200
 * baht (the rate bonus of bonus-support: 100% up to 500 baht, so 200 baht is credited).
 */
async function activationRounds(
  t: TestApp,
  race: 'promotionCode' | 'bonusActivation',
  options: PromotionRaceOptions,
  nextCode: () => Promise<{ code: string; path: string }>,
) {
  const m = await newMember(t);
  return runRounds(t, race, options, 1, async (_i, racers, answers) => {
    await endOpenGrant(t, m);
    const { code, path } = await nextCode();
    // A gift link: the bonus rules read deposits by their statement rows (QR, slip, gift).
    const paid = await deposit(t, m, 20_000);
    if (paid.statusCode !== 200) throw new Error(`deposit: ${paid.statusCode} ${paid.body}`);
    const before = await cashOf(t, m);
    const after = await lastTxId(t.db);
    await fire(answers, racers, () => t.call('GET', path, { token: m.token }));
    const event = race === 'promotionCode' ? 'promotion_credit' : 'bonus_credit';
    const winners = await postedSince(t.db, event, after);
    const grants = await grantsOf(t, m, code);
    let uses = 1;
    if (race === 'promotionCode') {
      uses = await count(
        t.db
          .selectFrom('promotion_uses')
          .innerJoin('promotion_codes', 'promotion_codes.id', 'promotion_uses.promotion_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('promotion_uses.member_id', '=', m.memberId)
          .where('promotion_codes.code', '=', code)
          .executeTakeFirst(),
      );
    }
    return {
      winners: [winners],
      moneyRight:
        grants.rows.length === 1 &&
        grants.keyedPostings === 1 &&
        uses === 1 &&
        (await cashOf(t, m)) - before === 20_000,
    };
  });
}

/** Each round: a fresh promotion code (of a switched-off bonus), `racers` activations at once. */
async function promotionCode(t: TestApp, options: PromotionRaceOptions) {
  const bonus = await createBonus(t, { enabled: false });
  return activationRounds(t, 'promotionCode', options, async () => {
    const code = await createPromotion(t, bonus, { maxUsesPerMember: 5 });
    return { code, path: `/api/promotion/activate/${code}` };
  });
}

/** Each round: a fresh bonus, `racers` activations of it at once by one member. */
async function bonusActivation(t: TestApp, options: PromotionRaceOptions) {
  return activationRounds(t, 'bonusActivation', options, async () => {
    const code = await createBonus(t, { maxReceived: 5 });
    return { code, path: `/api/bonus/activate/${code}` };
  });
}

/** Each round: the member gets one coin, then spins `racers` times at once. */
async function spin(t: TestApp, options: PromotionRaceOptions) {
  await prizeWheel(t, 5);
  const m = await newMember(t);
  return runRounds(t, 'spin', options, 1, async (_i, racers, answers) => {
    await setCoins(t, m, 1);
    const spinsBefore = await spinsOf(t, m);
    const couponsBefore = await couponsOf(t, m);
    await fire(answers, racers, () => spinCall(t, m));
    const coin = await t.db
      .selectFrom('members')
      .select('coin')
      .where('id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    return {
      winners: [(await spinsOf(t, m)) - spinsBefore],
      moneyRight: coin.coin === 0 && (await couponsOf(t, m)) - couponsBefore === 1,
    };
  });
}

export type PromotionRace = (
  t: TestApp,
  options: PromotionRaceOptions,
) => Promise<PromotionRaceFigures>;

/**
 * Every race by name; each sets up its own member (and wheel, bonus, inviter). The refund
 * race moves the clock a week per round, so it comes last.
 */
export const promotionRaces: Record<PromotionRaceName, PromotionRace> = {
  coupon,
  inviteClaim,
  promotionCode,
  bonusActivation,
  spin,
  refundReceive,
};
