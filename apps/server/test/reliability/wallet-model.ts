// reliability.md T6: a fast-check model-based test (fc.commands) of one member's money.
// The model is a few integers (wallet, game balance, waiting and unsettled withdrawals,
// every answer given per idempotency key); the real system is the whole app over
// app.inject on a real database. Commands: operator adjustments (credit = deposit, debit),
// withdraw / withdrawAll (paid, refused by the rail, answer lost, or waiting for the
// operator), the operator's approve / reject, replay of an earlier idempotency key, the
// payout reconciler, a restart (a new app on the same database), and transfers wallet ->
// game, game -> wallet and transferAll (the games module); player protection (issue 28,
// decision 0139): set, lower, raise or remove a deposit limit (a raise or removal waits for a
// confirmation 24 h later), confirm it, move the clock by hours, take a time-out, and deposit
// by a QR that is paid at once. The model predicts every refusal (DEPOSIT_LIMIT_REACHED with
// what remains, TIME_OUT_ACTIVE with its end, LIMIT_COOLING_OFF, PROTECTION_ALREADY_LONGER,
// NO_DATA) and the limit's `used`. After every command the real balances must equal the
// model's. Shared by the CI test (100 runs per dialect) and apps/server/scripts/t6-model.ts
// (1,000 runs).
import { randomUUID } from 'node:crypto';
import { WALLET_USER_HEADER, WALLET_USER_VALUE, satangToBaht } from '@wallet/contract';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PayoutFault } from '../../src/adapters/memory-payout-rail';
import { accounts, balancesOf, ledgerCheck } from '../../src/modules/ledger';
import { payoutFlow } from '../../src/modules/withdrawals';
import { reconcileOnce } from '../../src/reconcile';
import type { TestApp } from '../helpers';
import { uniquePhone } from '../helpers';
import { deliverWebhook } from '../deposit-support';
import { PERIOD_MS } from '../../src/modules/protection/protection.rules';
import type { Period } from '../../src/modules/protection/protection.rules';

const MIN = 100_00; // withdrawMin of the seeded lookup, satang
const MAX = 50_000_00; // withdrawMax
const GAME = 'PG';
const HOUR = 3_600_000;
const COOLING_OFF = 24 * HOUR;
const TIME_OUT_MS = { '24h': 24 * HOUR, '7d': 7 * 24 * HOUR } as const;

export interface ModelLimit {
  /** Satang; null: none (removed). */
  amount: number | null;
  pending: { amount: number | null; at: number } | null;
}

export interface Model {
  cash: number;
  game: number;
  waiting: { ref: string; amount: number }[];
  /** Refs whose payout outcome is unknown (held until the reconciler settles them). */
  processing: { ref: string; amount: number }[];
  sent: {
    method: string;
    url: string;
    token: 'member' | 'operator';
    key: string;
    body: unknown;
    status: number;
    answer: string;
  }[];
  /** The member's deposit limits by period (a period never set is absent). */
  limits: Partial<Record<Period, ModelLimit>>;
  /** Deposits credited (QR payments), satang, at the clock's milliseconds. */
  deposits: { at: number; amount: number }[];
  /** When the time-out in force ends (ms); 0: none was taken. */
  blockEnd: number;
}

export interface Real {
  t: TestApp;
  app: FastifyInstance;
  member: { token: string; memberNo: string; id: number; gameUser: string; phone: string };
  operator: string;
  restarts: number;
  /** Sessions the clock may have ended (Advance): signed in again before the next call. */
  signIn: { member: boolean; operator: boolean };
}

async function tokenOf(real: Real, who: 'member' | 'operator'): Promise<string> {
  if (who === 'member' && real.signIn.member) {
    real.member.token = await real.t.login(real.member.phone, 'password123');
    real.signIn.member = false;
  }
  if (who === 'operator' && real.signIn.operator) {
    real.operator = await real.t.operatorToken();
    real.signIn.operator = false;
  }
  return who === 'member' ? real.member.token : real.operator;
}

type Answer = {
  status: number;
  json: Record<string, unknown>;
  raw: string;
  /** The test clock just before the request and just after its answer (ms). */
  span: [number, number];
};

async function send(
  real: Real,
  model: Model,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who: 'member' | 'operator',
  body?: unknown,
  idempotent = true,
  /** Kept for Replay (false: the answer may change later, as a QR's does once paid). */
  record = idempotent,
): Promise<Answer> {
  const key = `t6-${randomUUID()}`;
  const before = real.t.clock.now().getTime();
  const res: LightMyRequestResponse = await real.app.inject({
    method,
    url,
    headers: {
      [WALLET_USER_HEADER]: WALLET_USER_VALUE,
      authorization: `Bearer ${await tokenOf(real, who)}`,
      ...(idempotent ? { 'idempotency-key': key } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  if (res.statusCode >= 500) throw new Error(`HTTP ${res.statusCode} ${res.body} for ${url}`);
  if (record) {
    model.sent.push({
      method,
      url,
      token: who,
      key,
      body,
      status: res.statusCode,
      answer: res.body,
    });
  }
  return {
    status: res.statusCode,
    json: res.json<Record<string, unknown>>(),
    raw: res.body,
    span: [before, real.t.clock.now().getTime()],
  };
}

function expectEqual(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

const sum = (items: { amount: number }[]) => items.reduce((n, i) => n + i.amount, 0);

/** Real balances must equal the model's after every command. */
async function checkBalances(model: Model, real: Real): Promise<void> {
  const id = real.member.id;
  const codes = [
    accounts.memberCash(id).code,
    accounts.memberHold(id, 'withdraw').code,
    accounts.memberHold(id, 'game').code,
  ];
  const b = await balancesOf(real.t.db, codes);
  expectEqual(b.get(codes[0]!), model.cash, 'wallet');
  expectEqual(b.get(codes[1]!), sum(model.waiting) + sum(model.processing), 'withdraw hold');
  expectEqual(b.get(codes[2]!), 0, 'game hold');
  expectEqual(real.t.games.account(GAME, real.member.gameUser)?.balance ?? 0, model.game, 'game');
}

abstract class Command implements fc.AsyncCommand<Model, Real, false> {
  abstract check(model: Readonly<Model>): boolean;
  abstract apply(model: Model, real: Real): Promise<void>;
  abstract toString(): string;
  async run(model: Model, real: Real): Promise<void> {
    await this.apply(model, real);
    await checkBalances(model, real);
  }
}

class Adjust extends Command {
  constructor(
    readonly direction: 'credit' | 'debit',
    readonly amount: number,
  ) {
    super();
  }
  check() {
    return true;
  }
  async apply(model: Model, real: Real) {
    const res = await send(real, model, 'POST', '/api/operator/adjustments', 'operator', {
      memberId: real.member.memberNo,
      amount: satangToBaht(this.amount),
      direction: this.direction,
      reason: 't6',
    });
    if (this.direction === 'debit' && this.amount > model.cash) {
      expectEqual([res.status, res.json], [400, { message: 'MONEY_NOT_ENOUGH' }], this.toString());
      return;
    }
    model.cash += this.direction === 'credit' ? this.amount : -this.amount;
    expectEqual(
      [res.status, res.json],
      [
        200,
        {
          message: 'SUCCESS',
          status: 'posted',
          balance: satangToBaht(model.cash),
          requestId: null,
        },
      ],
      this.toString(),
    );
  }
  toString() {
    return `Adjust(${this.direction}, ${this.amount})`;
  }
}

class Withdraw extends Command {
  constructor(
    readonly amount: number,
    readonly all: boolean,
    readonly fault: PayoutFault | null,
  ) {
    super();
  }
  check() {
    return true;
  }
  async apply(model: Model, real: Real) {
    const a = this.amount;
    const valid = a >= MIN && a <= MAX && a <= model.cash;
    const auto = valid && a <= real.t.config.withdraw.autoLimitSatang;
    // A fault only where the rail is called, so no scripted fault is left over.
    if (auto && this.fault) real.t.payouts.failNext(this.fault);
    const url = this.all ? '/api/wallet/withdrawAll' : '/api/wallet/withdraw';
    const res = await send(real, model, 'POST', url, 'member', { amount: satangToBaht(a) });
    const label = this.toString();
    if (a < MIN || a > MAX)
      return expectEqual([res.status, res.json], [400, { message: 'KEY_INVALID' }], label);
    if (a > model.cash)
      return expectEqual([res.status, res.json], [400, { message: 'MONEY_NOT_ENOUGH' }], label);
    if (auto && this.fault === 'reject')
      return expectEqual([res.status, res.json], [400, { message: 'TRANSFER_FAIL' }], label);
    const expected = !auto ? 'WAITING' : this.fault === 'lost' ? 'PROCESSING' : 'PAID';
    expectEqual([res.status, res.json.message, res.json.status], [200, 'SUCCESS', expected], label);
    model.cash -= a;
    const ref = String(res.json.reference);
    if (expected === 'WAITING') model.waiting.push({ ref, amount: a });
    if (expected === 'PROCESSING') model.processing.push({ ref, amount: a });
  }
  toString() {
    return `Withdraw(${this.amount}, ${this.all ? 'all' : 'one'}, ${this.fault ?? 'ok'})`;
  }
}

class Decide extends Command {
  constructor(
    readonly index: number,
    readonly decision: 'approve' | 'reject',
    readonly fault: PayoutFault | null,
  ) {
    super();
  }
  check(model: Readonly<Model>) {
    return model.waiting.length > 0;
  }
  async apply(model: Model, real: Real) {
    const [item] = model.waiting.splice(this.index % model.waiting.length, 1);
    if (!item) throw new Error('no waiting withdrawal');
    if (this.decision === 'approve' && this.fault) real.t.payouts.failNext(this.fault);
    const res = await send(
      real,
      model,
      'POST',
      `/api/operator/withdrawals/${item.ref}`,
      'operator',
      this.decision === 'reject'
        ? { decision: 'reject', reason: 'model: rejected' }
        : { decision: 'approve' },
      false,
    );
    let status = 'REJECTED';
    if (this.decision === 'approve') {
      status = this.fault === 'reject' ? 'FAILED' : this.fault === 'lost' ? 'PROCESSING' : 'PAID';
    }
    expectEqual([res.status, res.json], [200, { message: 'SUCCESS', status }], this.toString());
    if (status === 'REJECTED' || status === 'FAILED') model.cash += item.amount;
    if (status === 'PROCESSING') model.processing.push(item);
    // Deciding it again is refused and moves nothing.
    const again = await send(
      real,
      model,
      'POST',
      `/api/operator/withdrawals/${item.ref}`,
      'operator',
      { decision: 'reject', reason: 'model: again' },
      false,
    );
    expectEqual(
      [again.status, again.json],
      [409, { message: 'NO_DATA' }],
      `${this.toString()} twice`,
    );
  }
  toString() {
    return `Decide(${this.index}, ${this.decision}, ${this.fault ?? 'ok'})`;
  }
}

class Replay extends Command {
  constructor(readonly index: number) {
    super();
  }
  check(model: Readonly<Model>) {
    return model.sent.length > 0;
  }
  async apply(model: Model, real: Real) {
    const first = model.sent[this.index % model.sent.length]!;
    const res = await real.app.inject({
      method: first.method as 'POST',
      url: first.url,
      headers: {
        [WALLET_USER_HEADER]: WALLET_USER_VALUE,
        authorization: `Bearer ${await tokenOf(real, first.token)}`,
        'idempotency-key': first.key,
      },
      ...(first.body === undefined ? {} : { payload: first.body as object }),
    });
    expectEqual([res.statusCode, res.body], [first.status, first.answer], this.toString());
  }
  toString() {
    return `Replay(${this.index})`;
  }
}

class Reconcile extends Command {
  check() {
    return true;
  }
  async apply(model: Model, real: Real) {
    real.t.clock.advance(real.t.config.withdraw.payoutTimeoutMs * 2 + 1);
    await reconcileOnce({ ...payoutFlow(real.app.deps), batch: 1000 }, real.app.deps);
    const rows = await real.t.db
      .selectFrom('withdrawals')
      .select(['ref', 'status'])
      .where('member_id', '=', real.member.id)
      .where('status', '=', 'PROCESSING')
      .execute();
    expectEqual(rows, [], 'unsettled after reconcile');
    model.processing = []; // 'lost' payouts were paid: the money stays out
  }
  toString() {
    return 'Reconcile';
  }
}

class Restart extends Command {
  check() {
    return true;
  }
  async apply(_model: Model, real: Real) {
    const previous = real.app;
    real.app = await real.t.rebuild();
    real.restarts++;
    if (previous !== real.t.app) await previous.close();
  }
  toString() {
    return 'Restart';
  }
}

class Transfer extends Command {
  constructor(
    readonly direction: 'in' | 'out' | 'all',
    readonly amount: number,
  ) {
    super();
  }
  check() {
    return true;
  }
  async apply(model: Model, real: Real) {
    const label = this.toString();
    const blocked = timedOut(model, real);
    if (this.direction === 'all') {
      const res = await send(real, model, 'POST', '/api/wallet/transferAll', 'member', {
        to: GAME,
      });
      if (model.cash <= 0)
        return expectEqual([res.status, res.json.message], [400, 'MONEY_NOT_ENOUGH'], label);
      if (model.cash < 100)
        return expectEqual([res.status, res.json.message], [400, 'TRANSFER_MINIMUM'], label);
      if (blocked) return expectEqual([res.status, res.json], blockAnswer(model), label);
      expectEqual([res.status, res.json.status], [200, 'SUCCESS'], label);
      model.game += model.cash;
      model.cash = 0;
      return;
    }
    const inward = this.direction === 'in';
    const res = await send(real, model, 'POST', '/api/wallet/transfer', 'member', {
      from: inward ? 'WALLET' : GAME,
      to: inward ? GAME : 'WALLET',
      amount: satangToBaht(this.amount),
    });
    if (this.amount < 100)
      return expectEqual([res.status, res.json.message], [400, 'TRANSFER_MINIMUM'], label);
    const source = inward ? model.cash : model.game;
    // Money into a game waits for the time-out's end; money back from games does not.
    if (inward && blocked && this.amount <= source)
      return expectEqual([res.status, res.json], blockAnswer(model), label);
    if (this.amount > source) {
      // Refused (the wallet is short, or the provider refuses): nothing moves.
      if (res.status < 400 || res.status >= 500)
        throw new Error(`${label}: expected a refusal, got ${res.status} ${res.raw}`);
      return;
    }
    expectEqual([res.status, res.json.status], [200, 'SUCCESS'], label);
    model.cash += inward ? -this.amount : this.amount;
    model.game += inward ? this.amount : -this.amount;
  }
  toString() {
    return `Transfer(${this.direction}, ${this.amount})`;
  }
}

const timedOut = (model: Readonly<Model>, real: Real) =>
  real.t.clock.now().getTime() < model.blockEnd;
const blockAnswer = (model: Readonly<Model>) => [
  403,
  { message: 'TIME_OUT_ACTIVE', retryAt: new Date(model.blockEnd).toISOString() },
];

/** Deposits credited in the rolling window of `period` ending at `at` (the rule's usedAt). */
function usedIn(model: Readonly<Model>, at: number, period: Period): number {
  let used = 0;
  for (const d of model.deposits) if (d.at > at - PERIOD_MS[period] && d.at <= at) used += d.amount;
  return used;
}

/** The least room any deposit limit leaves at `at` (Infinity: no limit). */
function depositRoom(model: Readonly<Model>, at: number): number {
  let room = Number.POSITIVE_INFINITY;
  for (const [period, limit] of Object.entries(model.limits) as [Period, ModelLimit][])
    if (limit.amount !== null)
      room = Math.min(room, Math.max(0, limit.amount - usedIn(model, at, period)));
  return room;
}

type LimitView = {
  kind: string;
  period: string;
  amount: number | null;
  used: number;
  pending: { amount: number | null; requestedAt: string } | null;
};

/**
 * The state's deposit limits must be the model's: amount, pending amount, and `used` as of a
 * moment between `before` and `after` (the test clock runs on the wall clock).
 */
function checkLimits(
  model: Readonly<Model>,
  state: unknown,
  [before, after]: [number, number],
  what: string,
): void {
  const rows = ((state as { limits?: LimitView[] }).limits ?? []).filter(
    (l) => l.kind === 'deposit' && (l.amount !== null || l.pending !== null),
  );
  const sorted = (list: unknown[][]) =>
    list.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const actual = sorted(rows.map((l) => [l.period, l.amount, l.pending?.amount, l.used]));
  const expected = (at: number) =>
    sorted(
      (Object.entries(model.limits) as [Period, ModelLimit][])
        .filter(([, l]) => l.amount !== null || l.pending !== null)
        .map(([period, l]) => [
          period,
          l.amount === null ? null : satangToBaht(l.amount),
          l.pending === null
            ? undefined
            : l.pending.amount === null
              ? null
              : satangToBaht(l.pending.amount),
          satangToBaht(usedIn(model, at, period)),
        ]),
    );
  if (JSON.stringify(actual) !== JSON.stringify(expected(after)))
    expectEqual(actual, expected(before), `${what}: deposit limits`);
}

/** PUT /api/protection/limits: lower (or a first limit) at once; a raise or removal waits. */
class SetLimit extends Command {
  constructor(
    readonly period: Period,
    readonly baht: number | null,
  ) {
    super();
  }
  check() {
    return true;
  }
  async apply(model: Model, real: Real) {
    const res = await send(
      real,
      model,
      'PUT',
      '/api/protection/limits',
      'member',
      { kind: 'deposit', period: this.period, amount: this.baht },
      false,
    );
    expectEqual(res.status, 200, this.toString());
    const next = this.baht === null ? null : this.baht * 100;
    const current = model.limits[this.period]?.amount ?? null;
    if (next !== null && (current === null || next <= current))
      model.limits[this.period] = { amount: next, pending: null };
    else if (current !== null) {
      // Asked at the server's time, which its answer gives.
      const row = (res.json as { limits?: LimitView[] }).limits?.find(
        (l) => l.kind === 'deposit' && l.period === this.period,
      );
      model.limits[this.period] = {
        amount: current,
        pending: { amount: next, at: Date.parse(row?.pending?.requestedAt ?? '') },
      };
    }
    checkLimits(model, res.json, res.span, this.toString());
  }
  toString() {
    return `SetLimit(${this.period}, ${this.baht})`;
  }
}

/** POST /api/protection/limits/confirm: only 24 h after the raise or removal was asked. */
class ConfirmLimit extends Command {
  constructor(readonly period: Period) {
    super();
  }
  check() {
    return true;
  }
  async apply(model: Model, real: Real) {
    const res = await send(
      real,
      model,
      'POST',
      '/api/protection/limits/confirm',
      'member',
      { kind: 'deposit', period: this.period },
      false,
    );
    const label = this.toString();
    const limit = model.limits[this.period];
    if (!limit?.pending)
      return expectEqual([res.status, res.json], [404, { message: 'NO_DATA' }], label);
    const at = limit.pending.at + COOLING_OFF;
    const [before, after] = res.span;
    // Refused while the server's clock was before `at` (either answer if it passed meanwhile).
    if (after < at || (before < at && res.status === 409))
      return expectEqual(
        [res.status, res.json],
        [409, { message: 'LIMIT_COOLING_OFF', retryAt: new Date(at).toISOString() }],
        label,
      );
    model.limits[this.period] = { amount: limit.pending.amount, pending: null };
    expectEqual(res.status, 200, label);
    checkLimits(model, res.json, res.span, label);
  }
  toString() {
    return `ConfirmLimit(${this.period})`;
  }
}

/** POST /api/protection/time-out: never shortens the one in force. */
class TimeOut extends Command {
  constructor(readonly duration: keyof typeof TIME_OUT_MS) {
    super();
  }
  check() {
    return true;
  }
  async apply(model: Model, real: Real) {
    const res = await send(
      real,
      model,
      'POST',
      '/api/protection/time-out',
      'member',
      { duration: this.duration },
      false,
    );
    const label = this.toString();
    const [before, after] = res.span;
    const ms = TIME_OUT_MS[this.duration];
    // Refused when the one in force ends at or after the new end (from the server's now).
    if (model.blockEnd >= after + ms || (model.blockEnd >= before + ms && res.status === 409)) {
      const retryAt = new Date(model.blockEnd).toISOString();
      return expectEqual(
        [res.status, res.json],
        [409, { message: 'PROTECTION_ALREADY_LONGER', retryAt }],
        label,
      );
    }
    const endsAt = (res.json as { block?: { endsAt?: string } }).block?.endsAt ?? '';
    const end = Date.parse(endsAt);
    expectEqual(res.status, 200, label);
    if (!(end >= before + ms && end <= after + ms))
      throw new Error(`${label}: ends at ${endsAt}, asked between ${before} and ${after}`);
    model.blockEnd = end;
  }
  toString() {
    return `TimeOut(${this.duration})`;
  }
}

/** The clock moves on; the member and the operator sign in again (when next needed). */
class Advance extends Command {
  constructor(readonly hours: number) {
    super();
  }
  check() {
    return true;
  }
  async apply(_model: Model, real: Real) {
    real.t.clock.advance(this.hours * HOUR);
    real.signIn = { member: true, operator: true };
  }
  toString() {
    return `Advance(${this.hours}h)`;
  }
}

/**
 * A QR deposit paid at once: refused during a time-out, or beyond the least room a deposit
 * limit leaves (with that room); else created, paid and credited once.
 */
class QrDeposit extends Command {
  constructor(readonly baht: number) {
    super();
  }
  check() {
    return true;
  }
  async apply(model: Model, real: Real) {
    const label = this.toString();
    // A QR's answer depends on its state later (paid): its key is not replayed.
    const res = await send(
      real,
      model,
      'POST',
      '/api/qrcode/KBANK',
      'member',
      { amount: this.baht },
      true,
      false,
    );
    const [before, after] = res.span;
    if (model.blockEnd > after)
      return expectEqual([res.status, res.json], blockAnswer(model), label);
    const amount = this.baht * 100;
    const roomAfter = depositRoom(model, after);
    const roomBefore = depositRoom(model, before);
    // A deposit that left a window while the request ran may or may not have counted.
    if (amount > roomAfter || (amount > roomBefore && res.status === 403)) {
      const answer = [res.status, res.json.message, res.json.remaining];
      const refusal = (room: number) => [403, 'DEPOSIT_LIMIT_REACHED', satangToBaht(room)];
      if (JSON.stringify(answer) !== JSON.stringify(refusal(roomAfter)))
        expectEqual(answer, refusal(roomBefore), label);
      return;
    }
    const qrcodeId = res.json.qrcodeId;
    if (res.status !== 200 || typeof qrcodeId !== 'string')
      throw new Error(`${label}: expected a QR, got ${res.status} ${res.raw}`);
    const event = real.t.qr.pay('KBANK', qrcodeId);
    const paid = await deliverWebhook(
      { app: real.app, config: real.t.config, clock: real.t.clock },
      event,
    );
    expectEqual(paid.statusCode, 200, `${label} webhook`);
    // Credited at the server's time: the windows count from the ledger's.
    const credit = await real.t.db
      .selectFrom('ledger_transactions')
      .select('created_at')
      .where('external_ref', '=', `qr:KBANK:${event.txnId}`)
      .execute();
    expectEqual(credit.length, 1, `${label}: credits`);
    model.cash += amount;
    model.deposits.push({ at: Date.parse(credit[0]!.created_at), amount });
  }
  toString() {
    return `QrDeposit(${this.baht})`;
  }
}

const satang = (max: number) => fc.integer({ min: 1, max });
const fault = fc.constantFrom<PayoutFault | null>(null, null, null, 'reject', 'lost');

/** Every command with its argument generator. */
export const commandArbs = [
  fc
    .tuple(fc.constantFrom<'credit' | 'debit'>('credit', 'credit', 'debit'), satang(2_000_000))
    .map(([d, a]) => new Adjust(d, a)),
  fc
    .tuple(
      fc.oneof(
        fc.integer({ min: 90_00, max: 7_000_00 }),
        fc.constantFrom(MIN, MAX, 500_000, 500_001),
      ),
      fc.boolean(),
      fault,
    )
    .map(([a, all, f]) => new Withdraw(a, all, f)),
  fc
    .tuple(fc.nat(), fc.constantFrom<'approve' | 'reject'>('approve', 'reject'), fault)
    .map(([i, d, f]) => new Decide(i, d, f)),
  fc.nat().map((i) => new Replay(i)),
  fc.constant(new Reconcile()),
  fc.constant(new Restart()),
  fc
    .tuple(
      fc.constantFrom<'in' | 'out' | 'all'>('in', 'in', 'out', 'out', 'all'),
      satang(1_000_000),
    )
    .map(([d, a]) => new Transfer(d, a)),
  fc
    .tuple(
      fc.constantFrom<Period>('day', 'week'),
      fc.oneof(fc.integer({ min: 100, max: 5_000 }), fc.constant(null)),
    )
    .map(([p, a]) => new SetLimit(p, a)),
  fc.constantFrom<Period>('day', 'week').map((p) => new ConfirmLimit(p)),
  fc.constantFrom<keyof typeof TIME_OUT_MS>('24h', '7d').map((d) => new TimeOut(d)),
  fc.constantFrom(1, 6, 12, 23, 25, 49, 170).map((h) => new Advance(h)),
  fc
    .oneof(fc.integer({ min: 1, max: 3_000 }), fc.constantFrom(100, 1000))
    .map((b) => new QrDeposit(b)),
];

export const COVERED_COMMANDS =
  'Adjust(credit=deposit, debit), Withdraw(withdraw|withdrawAll; rail ok|reject|lost), ' +
  'Decide(approve|reject; rail ok|reject|lost; decide twice), Replay(earlier key), ' +
  'Reconcile, Restart, Transfer(wallet->game, game->wallet, transferAll), ' +
  'SetLimit(deposit day|week: set, lower, raise, remove), ConfirmLimit(cooling-off), ' +
  'TimeOut(24h|7d), Advance(clock hours), QrDeposit(created and paid)';

/** A fresh member with an active game account, for one run. */
async function newReal(t: TestApp): Promise<Real> {
  const phone = uniquePhone();
  const token = await t.registerMember({ username: phone });
  const memberNo = await t.memberNo(token);
  const row = await t.db
    .selectFrom('members')
    .select('id')
    .where('member_no', '=', memberNo)
    .executeTakeFirstOrThrow();
  const activate = await t.call('GET', `/api/wallet/activate/${GAME}`, { token });
  if (activate.statusCode !== 200) throw new Error(`activate failed: ${activate.body}`);
  const creds = await t.call('GET', `/api/wallet/account/${GAME}`, { token });
  const gameUser = creds.json<{ username: string }>().username;
  return {
    t,
    app: t.app,
    member: { token, memberNo, id: row.id, gameUser, phone },
    operator: await t.operatorToken(),
    restarts: 0,
    signIn: { member: false, operator: false },
  };
}

export interface ModelFigures {
  runs: number;
  commands: number;
  restarts: number;
  seed: number;
  ledgerViolations: string[];
  ms: number;
}

/** Runs the model; throws (with fast-check's seed and shrunk counterexample) on a failure. */
export async function runWalletModel(
  t: TestApp,
  options: { numRuns: number; seed?: number; maxCommands?: number; onRun?: (n: number) => void },
): Promise<ModelFigures> {
  const seed = options.seed ?? Date.now() ^ (Math.random() * 0x7fffffff);
  const started = Date.now();
  let runs = 0;
  let commands = 0;
  let restarts = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.commands(commandArbs, { maxCommands: options.maxCommands ?? 30, size: 'medium' }),
      async (cmds) => {
        const real = await newReal(t);
        const setup = async () => ({
          model: {
            cash: 0,
            game: 0,
            waiting: [],
            processing: [],
            sent: [],
            limits: {},
            deposits: [],
            blockEnd: 0,
          } as Model,
          real,
        });
        try {
          await fc.asyncModelRun(setup, cmds);
        } finally {
          if (real.app !== t.app) await real.app.close();
          t.payouts.reset();
        }
        runs++;
        commands += [...cmds].length;
        restarts += real.restarts;
        options.onRun?.(runs);
      },
    ),
    { numRuns: options.numRuns, seed },
  );
  return {
    runs,
    commands,
    restarts,
    seed,
    ledgerViolations: (await ledgerCheck(t.db)).violations,
    ms: Date.now() - started,
  };
}
