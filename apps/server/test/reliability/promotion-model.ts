// reliability.md T11, promotion economics (issue 25, decision 0112): a fast-check model over
// sequences of what members do with promotions. Each run registers three members (the second
// invited by the first, the third by the second), each with a game account at PG, and plays
// random steps: deposits by gift link, QR and bank slip; withdrawals (some confirming the
// own money they forfeit); transfers in and out of the game; play at the provider, won or
// lost; bonus and promotion-code activation and clear; invite and refund claims (with weeks
// passing on the test clock); spins and coupon claims.
//
// The model keeps, per member, what they hold (wallet + in flight + game), what they deposited
// and withdrew, and, while a grant is open, their principal (own money) and the bets counted
// since it opened. It predicts every withdrawal's answer and every forfeit to the satang, and
// after every step checks the real system against it:
// - what the member holds equals the model's (so no money appears, and none of theirs vanishes);
// - the server's `own` and `locked` figures equal min(held, principal) and the rest;
// - with no bet placed, withdrawn + own money <= deposited;
// - withdrawn + own money <= deposited + play results while no grant was open + the promotion
//   money of grants whose turnover was met (released);
// - own money leaves only by a withdrawal, or by a forfeit whose figure the request confirmed.
// At the end of each run every member takes out what the server says they can (which must be
// accepted) and the same bound holds for what they took. Shared by the CI test and the longer
// script (apps/server/scripts/t11-promotion-model.ts).
import { satangToBaht } from '@wallet/contract';
import type { GrantKind } from '@wallet/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { accounts, balancesOf, ledgerCheck } from '../../src/modules/ledger';
import { createBonus, createPromotion, deposit, operatorCall } from '../bonus-support';
import { createQr, deliverWebhook } from '../deposit-support';
import type { QrAnswer } from '../deposit-support';
import { activate, newKey, transfer } from '../game-support';
import type { Member } from '../game-support';
import type { TestApp } from '../helpers';
import { uniqueAccountNo, uniquePhone } from '../helpers';
import { withdraw } from './money-helpers';

const WEEK_MS = 7 * 24 * 3_600_000;
/** The withdrawal bounds `prepare` sets (satang). */
const WITHDRAW_MAX = 5_000_000;
const PASSWORD = 'password123';

type Who = 0 | 1 | 2;
export type PromotionStep =
  | { op: 'deposit'; who: Who; baht: number; channel: 'gift' | 'qr' }
  | { op: 'withdraw'; who: Who; part: number; confirm: boolean }
  | { op: 'in'; who: Who; part: number }
  | { op: 'out'; who: Who }
  | { op: 'play'; who: Who; part: number; winPercent: number }
  | { op: 'grind'; who: Who; rounds: number }
  | { op: 'bonus'; who: Who; which: 0 | 1 | 2 }
  | { op: 'clear'; who: Who }
  | { op: 'invite'; who: Who }
  | { op: 'refund'; who: Who }
  | { op: 'week' }
  | { op: 'spin'; who: Who }
  | { op: 'coupon'; who: Who };

const who = fc.constantFrom<Who>(0, 1, 2);
export const stepArb: fc.Arbitrary<PromotionStep> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('deposit' as const),
      who,
      // 2 baht: the gift-link minimum (spec section 9).
      baht: fc.integer({ min: 2, max: 2000 }),
      channel: fc.constantFrom('gift' as const, 'qr' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('withdraw' as const),
      who,
      // 101: exactly what the server says is withdrawable.
      part: fc.integer({ min: 1, max: 101 }),
      confirm: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('in' as const),
      who,
      part: fc.integer({ min: 1, max: 100 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('out' as const), who }) },
  {
    weight: 2,
    // Neutral rounds (each won back) of the whole game balance: turnover without a result.
    arbitrary: fc.record({
      op: fc.constant('grind' as const),
      who,
      rounds: fc.integer({ min: 1, max: 40 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('play' as const),
      who,
      part: fc.integer({ min: 1, max: 100 }),
      winPercent: fc.constantFrom(0, 0, 50, 100, 150, 200, 300, 1000),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('bonus' as const),
      who,
      which: fc.constantFrom<0 | 1 | 2>(0, 1, 2),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('clear' as const), who }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('invite' as const), who }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('refund' as const), who }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('week' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('spin' as const), who }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('coupon' as const), who }) },
);

interface OpenGrant {
  kind: GrantKind;
  /** The member's own money (model): held when it opened, plus deposits, minus withdrawals. */
  principal: number;
  /** Satang of bets at PG since it opened (PG is a slot game: weight 100%). */
  counted: number;
  required: number;
  base: number;
  percentFail: number;
}

interface Person {
  member: Member;
  username: string;
  /** Satang: wallet + money in flight to the game + the game balance. */
  held: number;
  deposited: number;
  withdrawn: number;
  /** Play results while no grant was open, and own losses when a grant ended. */
  ownPlay: number;
  /** Promotion money that became the member's when a turnover was met. */
  released: number;
  /** Own money given up by a withdrawal that confirmed the figure. */
  confirmedForfeits: number;
  bet: boolean;
  grant: OpenGrant | null;
}

export interface PromotionModelFigures {
  runs: number;
  steps: number;
  /** Steps by op and outcome (`withdraw 200`, `bonus 409 BONUS_ALREADY_ACTIVE`, ...). */
  outcomes: Record<string, number>;
  grantsOpened: number;
  grantsMet: number;
  confirmedForfeits: number;
  ledgerViolations: string[];
  seed: number;
  ms: number;
}

interface World {
  t: TestApp;
  codes: string[];
}

const isBonusKind = (kind: GrantKind) => kind === 'bonus' || kind === 'promotion';
const ownOf = (p: Person) => (p.grant ? Math.max(0, Math.min(p.held, p.grant.principal)) : p.held);

class ModelBroken extends Error {}
function expectEq(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new ModelBroken(`${what}: expected ${e}, got ${a}`);
}
function expectTrue(ok: boolean, what: string): void {
  if (!ok) throw new ModelBroken(what);
}

/** The member's real holdings, from the ledger and the provider. */
async function realHeld(t: TestApp, p: Person) {
  const id = p.member.memberId;
  const codes = [accounts.memberCash(id).code, accounts.memberHold(id, 'game').code];
  const b = await balancesOf(t.db, codes);
  const wallet = b.get(codes[0]!) ?? 0;
  const inFlight = b.get(codes[1]!) ?? 0;
  const game = t.games.account('PG', p.username)?.balance ?? 0;
  return { wallet, inFlight, game, held: wallet + inFlight + game };
}

const lastTxId = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('ledger_transactions')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

/** Promotion credits into and forfeits out of the member's wallet since `after` (satang). */
async function promotionFlows(t: TestApp, memberId: number, after: number) {
  const cash = accounts.memberCash(memberId).code;
  const rows = await t.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as d', 'd.id', 'e.debit_account_id')
    .innerJoin('ledger_accounts as c', 'c.id', 'e.credit_account_id')
    .select(['d.code as debit', 'c.code as credit', 'e.amount'])
    .where('e.transaction_id', '>', after)
    .where((eb) => eb.or([eb('d.code', '=', cash), eb('c.code', '=', cash)]))
    .execute();
  const promo = (code: string) => code.startsWith('house:promotions');
  let credited = 0;
  let forfeited = 0;
  for (const r of rows) {
    if (promo(r.debit) && r.credit === cash) credited += Number(r.amount);
    if (r.debit === cash && promo(r.credit)) forfeited += Number(r.amount);
  }
  return { credited, forfeited };
}

async function openGrantRow(t: TestApp, memberId: number) {
  return t.db
    .selectFrom('promotion_grants')
    .select(['id', 'kind', 'required', 'base', 'percent_fail', 'credited'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

const bodyOf = (res: LightMyRequestResponse) => {
  try {
    return res.json<Record<string, unknown>>();
  } catch {
    return {};
  }
};
const label = (res: LightMyRequestResponse) =>
  `${res.statusCode} ${String(bodyOf(res).message ?? 'answer')}`;

let passwordHash: string | null = null;
let made = 0;

/**
 * A member written straight into the database (registration is not what T11 tests, and 1,000
 * runs of three registrations would cost minutes), signed in through the API.
 */
async function quickMember(t: TestApp, invitedBy: number | null): Promise<Member> {
  passwordHash ??= await t.app.deps.passwords.hash(PASSWORD);
  const phone = uniquePhone();
  // Numeric, as registration's numbers are (nextMemberNo casts them), far above theirs.
  const memberNo = String(700_000_000 + (process.pid % 1000) * 100_000 + ++made);
  const row = await t.db
    .insertInto('members')
    .values({
      member_no: memberNo,
      username: phone,
      name: 'Model Member',
      password_hash: passwordHash,
      bank_code: 'SCB',
      bank_account_name: 'MODEL MEMBER',
      bank_account_no: uniqueAccountNo(),
      currency: 'BAHT',
      source_code: null,
      invited_by: invitedBy,
      coin: 0,
      status: 'active',
      created_at: t.clock.now().toISOString(),
      coin_day: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await t.login(phone, PASSWORD);
  return { token, memberNo, memberId: row.id, phone };
}

/**
 * The run's three members (each invited by the one before), their PG accounts and their first
 * gift-link deposits (satang, 0: none), made side by side (SQLite commits them together).
 */
async function newPeople(t: TestApp, firstDeposits: readonly number[]): Promise<Person[]> {
  const first = await quickMember(t, null);
  const second = await quickMember(t, first.memberId);
  const members = [first, second, await quickMember(t, second.memberId)];
  return Promise.all(
    members.map(async (member, i): Promise<Person> => {
      const username = await activate(t, member, 'PG');
      const satang = firstDeposits[i] ?? 0;
      if (satang > 0) {
        const res = await deposit(t, member, satang);
        if (res.statusCode !== 200) throw new Error(`first deposit: ${res.body}`);
      }
      return {
        member,
        username,
        held: satang,
        deposited: satang,
        withdrawn: 0,
        ownPlay: 0,
        released: 0,
        confirmedForfeits: 0,
        bet: false,
        grant: null,
      };
    }),
  );
}

/** Ends the model's grant the way the server ends it: met, forfeited or cleared. */
function endGrant(p: Person, met: boolean) {
  const g = p.grant!;
  const above = p.held - g.principal;
  if (met) p.released += Math.max(0, above);
  p.ownPlay += Math.min(0, above);
  p.grant = null;
}

/** A claim that may open (or add to) a grant: checks the money against the model. */
async function afterClaim(
  w: World,
  p: Person,
  res: LightMyRequestResponse,
  before: number,
  heldBefore: number,
  figures: PromotionModelFigures,
) {
  const flows = await promotionFlows(w.t, p.member.memberId, before);
  expectEq(flows.forfeited, 0, 'a claim forfeits nothing');
  if (res.statusCode !== 200) {
    expectEq(flows.credited, 0, `a refused claim credits nothing (${label(res)})`);
    return;
  }
  expectTrue(flows.credited > 0, 'a paid claim credits the wallet');
  const row = await openGrantRow(w.t, p.member.memberId);
  expectTrue(row !== undefined, 'a paid claim leaves a grant open');
  if (p.grant) {
    // Only a coupon adds to an open grant, and only to a coupon grant.
    expectEq([p.grant.kind, row!.kind], ['coupon', 'coupon'], 'a claim while a grant is open');
    p.grant.required = Number(row!.required);
    p.grant.base = Number(row!.base);
  } else {
    figures.grantsOpened++;
    p.grant = {
      kind: row!.kind,
      principal: heldBefore,
      counted: 0,
      required: Number(row!.required),
      base: Number(row!.base),
      percentFail: row!.percent_fail,
    };
  }
  p.held += flows.credited;
}

/** What the model says a withdrawal of `amount` must answer, and what it forfeits. */
function expectedWithdrawal(p: Person, wallet: number, amount: number) {
  if (amount > WITHDRAW_MAX) return { status: 400, message: 'KEY_INVALID' } as const;
  if (amount > wallet) return { status: 400, message: 'MONEY_NOT_ENOUGH' } as const;
  if (!p.grant) return { status: 200, takeBack: 0, rest: 0 } as const;
  const own = ownOf(p);
  const locked = p.held - own;
  if (!isBonusKind(p.grant.kind)) {
    const withdrawable = Math.min(wallet, p.grant.principal);
    if (amount > withdrawable)
      return { status: 409, message: 'BONUS_REMAINING', withdrawable } as const;
    return { status: 200, takeBack: 0, rest: 0 } as const;
  }
  const withdrawable = Math.max(0, wallet - locked);
  if (amount > withdrawable)
    return { status: 409, message: 'BONUS_REMAINING', withdrawable } as const;
  return { status: 200, takeBack: locked, rest: wallet - locked - amount } as const;
}

async function doWithdraw(
  w: World,
  p: Person,
  amount: number,
  confirm: boolean,
  figures: PromotionModelFigures,
): Promise<string> {
  const { t } = w;
  const { wallet } = await realHeld(t, p);
  const expected = expectedWithdrawal(p, wallet, amount);
  const before = await lastTxId(t);
  let res = await withdraw(
    t,
    p.member.token,
    satangToBaht(amount),
    newKey(),
    '/api/wallet/withdrawAll',
  );
  if (expected.status !== 200) {
    expectEq(
      bodyOf(res),
      expected.status === 409
        ? { message: expected.message, withdrawable: satangToBaht(expected.withdrawable) }
        : { message: expected.message },
      `withdraw ${amount} of wallet ${wallet}`,
    );
    expectEq(
      (await promotionFlows(t, p.member.memberId, before)).forfeited,
      0,
      'refused: no forfeit',
    );
    return label(res);
  }
  if (expected.rest > 0) {
    // Own money would be forfeited: refused until the member confirms that exact figure.
    expectEq(
      [res.statusCode, bodyOf(res)],
      [409, { message: 'BONUS_REMAINING', forfeit: satangToBaht(expected.rest) }],
      `withdraw ${amount} forfeiting ${expected.rest} unconfirmed`,
    );
    expectEq(
      (await promotionFlows(t, p.member.memberId, before)).forfeited,
      0,
      'unconfirmed: none',
    );
    if (!confirm) return 'withdraw 409 forfeit';
    res = await withdraw(
      t,
      p.member.token,
      satangToBaht(amount),
      newKey(),
      '/api/wallet/withdrawAll',
      satangToBaht(expected.rest),
    );
  }
  expectEq(res.statusCode, 200, `withdraw ${amount}: ${res.body}`);
  const flows = await promotionFlows(t, p.member.memberId, before);
  expectEq(flows.forfeited, expected.takeBack + expected.rest, 'withdrawal forfeits');
  expectEq(flows.credited, 0, 'a withdrawal credits nothing');
  p.withdrawn += amount;
  if (p.grant && isBonusKind(p.grant.kind)) {
    // Ends every grant: the promotion money goes back, then the confirmed rest.
    p.held -= expected.takeBack;
    endGrant(p, false);
    p.held -= amount + expected.rest;
    p.confirmedForfeits += expected.rest;
    figures.confirmedForfeits += expected.rest > 0 ? 1 : 0;
  } else {
    p.held -= amount;
    if (p.grant) p.grant.principal -= amount;
  }
  return expected.rest > 0 ? 'withdraw 200 confirmed' : 'withdraw 200';
}

/** A game transfer of `satang`, which must succeed (holdings do not change). */
async function move(t: TestApp, p: Person, from: string, to: string, satang: number) {
  const res = await transfer(t, p.member, { from, to, amount: satangToBaht(satang) });
  expectEq(res.statusCode, 200, `transfer ${from} -> ${to}: ${res.body}`);
}

async function turnover(t: TestApp, p: Person) {
  const res = await t.call('GET', '/api/bonus/turnover', { token: p.member.token });
  expectEq(res.statusCode, 200, `turnover: ${res.body}`);
  return res.json<{
    grants: { kind: string; own: number; locked: number }[];
    withdrawable: number;
  }>();
}

/** After every step: the model's grant ends when met; then the real system must agree. */
async function check(w: World, p: Person, figures: PromotionModelFigures) {
  if (p.grant && p.grant.counted >= p.grant.required) {
    endGrant(p, true);
    figures.grantsMet++;
  }
  const answer = await turnover(w.t, p);
  const real = await realHeld(w.t, p);
  expectEq(real.held, p.held, `member ${p.member.memberNo} holds`);
  expectEq(
    answer.grants.map((g) => g.kind),
    p.grant ? [p.grant.kind] : [],
    'open grants',
  );
  if (p.grant) {
    const own = ownOf(p);
    expectEq(
      [answer.grants[0]!.own, answer.grants[0]!.locked],
      [satangToBaht(own), satangToBaht(p.held - own)],
      'own and locked',
    );
  }
  const own = ownOf(p);
  if (!p.bet)
    expectTrue(
      p.withdrawn + own + p.confirmedForfeits <= p.deposited,
      `no bet: withdrawn ${p.withdrawn} + own ${own} > deposited ${p.deposited}`,
    );
  expectTrue(
    p.withdrawn + own + p.confirmedForfeits <= p.deposited + p.ownPlay + p.released,
    `withdrawn ${p.withdrawn} + own ${own} > deposited ${p.deposited} + own play ${p.ownPlay} + released ${p.released}`,
  );
}

async function runStep(
  w: World,
  people: Person[],
  step: PromotionStep,
  figures: PromotionModelFigures,
) {
  const { t } = w;
  const tally = (outcome: string) => {
    figures.outcomes[outcome] = (figures.outcomes[outcome] ?? 0) + 1;
  };
  if (step.op === 'week') {
    t.clock.advance(WEEK_MS);
    await Promise.all(
      people.map(async (p) => {
        p.member.token = await t.login(p.member.phone, PASSWORD);
      }),
    );
    tally('week');
    return;
  }
  const p = people[step.who]!;
  const { wallet, game } = await realHeld(t, p);
  const before = await lastTxId(t);
  switch (step.op) {
    case 'deposit': {
      const satang = step.baht * 100;
      let res: LightMyRequestResponse;
      if (step.channel === 'gift') res = await deposit(t, p.member, satang);
      else {
        res = await createQr(t, p.member.token, 'KBANK', step.baht);
        const qr = res.statusCode === 200 ? res.json<QrAnswer>() : null;
        if (qr?.hasQrcode) res = await deliverWebhook(t, t.qr.pay('KBANK', qr.qrcodeId!));
      }
      const credited = (await realHeld(t, p)).wallet - wallet;
      // Deposits wait while a bonus is open (BONUS_REMAINING); otherwise they are credited.
      if (p.grant && isBonusKind(p.grant.kind)) {
        expectEq(label(res), '409 BONUS_REMAINING', 'a deposit while a bonus is open');
        expectEq(credited, 0, 'refused deposit');
      } else {
        expectEq([res.statusCode, credited], [200, satang], `deposit ${step.channel}: ${res.body}`);
        p.deposited += satang;
        p.held += satang;
        if (p.grant) p.grant.principal += satang;
      }
      tally(`deposit ${label(res)}`);
      return;
    }
    case 'withdraw': {
      let amount: number;
      if (step.part === 101) {
        const answer = await turnover(t, p);
        amount = Math.round(answer.withdrawable * 100);
      } else amount = Math.floor((wallet * step.part) / 100);
      if (amount < 100) return tally('withdraw skipped');
      tally(await doWithdraw(w, p, amount, step.confirm, figures));
      return;
    }
    case 'in': {
      const amount = Math.floor((wallet * step.part) / 100);
      if (amount < 100) return tally('in skipped');
      await move(t, p, 'WALLET', 'PG', amount);
      return tally('in 200');
    }
    case 'out': {
      if (game < 100) return tally('out skipped');
      await move(t, p, 'PG', 'WALLET', game);
      return tally('out 200');
    }
    case 'play':
    case 'grind': {
      let balance = game;
      // An empty game takes half the wallet first, as a player would.
      if (balance < 1 && wallet >= 200) {
        balance = Math.floor(wallet / 2);
        await move(t, p, 'WALLET', 'PG', balance);
      }
      if (balance < 1) return tally(`${step.op} skipped`);
      const rounds =
        step.op === 'grind'
          ? Array.from({ length: step.rounds }, () => ({ bet: balance, winPercent: 100 }))
          : [
              {
                bet: Math.max(1, Math.floor((balance * step.part) / 100)),
                winPercent: step.winPercent,
              },
            ];
      for (const round of rounds) {
        const win = Math.floor((round.bet * round.winPercent) / 100);
        t.games.bet('PG', p.username, round.bet, win, t.clock.now());
        p.held += win - round.bet;
        p.bet = true;
        if (p.grant) p.grant.counted += round.bet;
        else p.ownPlay += win - round.bet;
      }
      return tally(step.op);
    }
    case 'bonus': {
      const code = w.codes[step.which]!;
      const url =
        step.which === 2 ? `/api/promotion/activate/${code}` : `/api/bonus/activate/${code}`;
      const res = await t.call('GET', url, { token: p.member.token });
      if (p.grant)
        expectEq(label(res), '409 BONUS_ALREADY_ACTIVE', 'a bonus while a grant is open');
      await afterClaim(w, p, res, before, p.held, figures);
      return tally(`bonus ${label(res)}`);
    }
    case 'clear': {
      const res = await t.call('GET', '/api/bonus/clear', { token: p.member.token });
      const flows = await promotionFlows(t, p.member.memberId, before);
      if (!p.grant) expectEq(label(res), '404 NO_DATA', 'clear with no grant');
      else if (p.held >= Math.floor((p.grant.base * p.grant.percentFail) / 100))
        expectEq(label(res), '400 BONUS_CONDITION', 'clear above the threshold');
      else {
        expectEq(label(res), '200 BONUS_CLEAR', 'clear below the threshold');
        // Games come home (what is under the 1-baht minimum stays); then only promotion
        // money goes back, at most what the wallet holds.
        const stays = game < 100 ? game : 0;
        const locked = p.held - ownOf(p);
        expectEq(flows.forfeited, Math.min(locked, p.held - stays), 'clear forfeits');
        p.held -= flows.forfeited;
        endGrant(p, false);
      }
      if (res.statusCode !== 200) expectEq(flows.forfeited, 0, 'a refused clear forfeits nothing');
      return tally(`clear ${label(res)}`);
    }
    case 'invite': {
      const res = await t.call('GET', '/api/invite/bonus', { token: p.member.token });
      await afterClaim(w, p, res, before, p.held, figures);
      return tally(`invite ${label(res)}`);
    }
    case 'refund': {
      const received = await t.call('GET', '/api/refund/receive', { token: p.member.token });
      const res = await t.call('GET', '/api/refund/addWallet', { token: p.member.token });
      await afterClaim(w, p, res, before, p.held, figures);
      return tally(`refund ${label(received)} ${label(res)}`);
    }
    case 'spin': {
      const res = await t.call('POST', '/api/spinwheel/spin', {
        token: p.member.token,
        headers: { 'idempotency-key': newKey() },
      });
      expectEq(
        (await promotionFlows(t, p.member.memberId, before)).credited,
        0,
        'a spin pays nothing',
      );
      return tally(`spin ${label(res)}`);
    }
    case 'coupon': {
      const list = await t.call('GET', '/api/spinwheel/coupon', { token: p.member.token });
      const coupon = list.json<{ _id: string }[]>()[0];
      if (!coupon) return tally('coupon none');
      const res = await t.call('POST', '/api/spinwheel/coupon/claim', {
        token: p.member.token,
        body: { coupon: coupon._id },
      });
      if (p.grant && p.grant.kind !== 'coupon')
        expectEq(label(res), '409 BONUS_REMAINING', 'a coupon while another grant is open');
      await afterClaim(w, p, res, before, p.held, figures);
      return tally(`coupon ${label(res)}`);
    }
  }
}

/** At the end of a run: everyone takes out what the server says they can. */
async function cashOut(w: World, p: Person, figures: PromotionModelFigures) {
  const { t } = w;
  const { game } = await realHeld(t, p);
  if (game >= 100) await move(t, p, 'PG', 'WALLET', game);
  await check(w, p, figures);
  // What is withdrawable, in withdrawals of at most the maximum (a bonus's first one ends it,
  // and forfeits what a maximum leaves of the member's own money only with their confirmation).
  for (let round = 0; round < 10; round++) {
    const withdrawable = Math.round((await turnover(t, p)).withdrawable * 100);
    if (withdrawable < 100) break;
    const amount = Math.min(withdrawable, WITHDRAW_MAX);
    // One satang more than withdrawable is refused; withdrawable itself is paid.
    if (p.grant && amount === withdrawable) {
      const greedy = await withdraw(t, p.member.token, satangToBaht(amount + 1), newKey());
      expectTrue(greedy.statusCode !== 200, 'more than withdrawable is refused');
    }
    const outcome = await doWithdraw(w, p, amount, true, figures);
    expectTrue(outcome.startsWith('withdraw 200'), `withdrawable ${amount} is paid: ${outcome}`);
    await check(w, p, figures);
  }
}

/** Bonus definitions and a promotion code the runs use, and a 1-baht withdrawal minimum. */
async function prepare(t: TestApp): Promise<World> {
  const set = await operatorCall(t, 'PUT', '/api/operator/settings/withdraw', {
    withdrawMin: 1,
    withdrawMax: WITHDRAW_MAX / 100,
  });
  if (set.statusCode !== 200) throw new Error(`withdraw settings: ${set.body}`);
  const rate = await createBonus(t, {
    maxReceived: 1000,
    percentFail: 30,
    turnoverMultiple: 2,
    credit: { kind: 'rate', percent: 100, cap: 500 },
    minDeposit: 100,
  });
  const fixed = await createBonus(t, {
    maxReceived: 1000,
    percentFail: 100,
    turnoverMultiple: 1,
    credit: { kind: 'fixed', amount: 50 },
    minDeposit: 0,
  });
  const code = await createPromotion(t, rate, { maxUsesPerMember: 1000 });
  return { t, codes: [rate, fixed, code] };
}

export async function runPromotionModel(
  t: TestApp,
  options: { numRuns: number; maxSteps?: number; seed?: number },
): Promise<PromotionModelFigures> {
  const started = Date.now();
  const seed = options.seed ?? Date.now() % 2_147_483_647;
  const w = await prepare(t);
  const figures: PromotionModelFigures = {
    runs: 0,
    steps: 0,
    outcomes: {},
    grantsOpened: 0,
    grantsMet: 0,
    confirmedForfeits: 0,
    ledgerViolations: [],
    seed,
    ms: 0,
  };
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 2, max: 3000 })), {
        minLength: 3,
        maxLength: 3,
      }),
      fc.array(stepArb, { minLength: 1, maxLength: options.maxSteps ?? 12 }),
      async (firstBaht, steps) => {
        const people = await newPeople(
          t,
          firstBaht.map((baht) => baht * 100),
        );
        for (const step of steps) {
          t.clock.advance(1_000); // a bet and a grant never share a millisecond
          await runStep(w, people, step, figures);
          figures.steps++;
          if (step.op === 'week') for (const p of people) await check(w, p, figures);
          else await check(w, people[step.who]!, figures);
        }
        await Promise.all(people.map((p) => cashOut(w, p, figures)));

        figures.runs++;
      },
    ),
    { numRuns: options.numRuns, seed, endOnFailure: true },
  );
  figures.ledgerViolations = (await ledgerCheck(t.db)).violations.map(String);
  figures.ms = Date.now() - started;
  // Keep the tables the next run reads small on PostgreSQL's planner statistics.
  if (t.dialect === 'postgres') await sql`analyze`.execute(t.db);
  return figures;
}
