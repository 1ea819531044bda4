// reliability.md T6: a fast-check model-based test (fc.commands) of one member's money.
// The model is a few integers (wallet, game balance, waiting and unsettled withdrawals,
// every answer given per idempotency key); the real system is the whole app over
// app.inject on a real database. Commands: operator adjustments (credit = deposit, debit),
// withdraw / withdrawAll (paid, refused by the rail, answer lost, or waiting for the
// operator), the operator's approve / reject, replay of an earlier idempotency key, the
// payout reconciler, a restart (a new app on the same database), and transfers wallet ->
// game, game -> wallet and transferAll (the games module). After every command the real
// balances must equal the model's. Shared by the CI test (100 runs per dialect) and
// apps/server/scripts/t6-model.ts (1,000 runs).
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

const MIN = 100_00; // withdrawMin of the seeded lookup, satang
const MAX = 50_000_00; // withdrawMax
const GAME = 'PG';

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
}

export interface Real {
  t: TestApp;
  app: FastifyInstance;
  member: { token: string; memberNo: string; id: number; gameUser: string };
  operator: string;
  restarts: number;
}

type Answer = { status: number; json: Record<string, unknown>; raw: string };

async function send(
  real: Real,
  model: Model,
  method: 'GET' | 'POST',
  url: string,
  who: 'member' | 'operator',
  body?: unknown,
  idempotent = true,
): Promise<Answer> {
  const key = `t6-${randomUUID()}`;
  const res: LightMyRequestResponse = await real.app.inject({
    method,
    url,
    headers: {
      [WALLET_USER_HEADER]: WALLET_USER_VALUE,
      authorization: `Bearer ${who === 'member' ? real.member.token : real.operator}`,
      ...(idempotent ? { 'idempotency-key': key } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  if (res.statusCode >= 500) throw new Error(`HTTP ${res.statusCode} ${res.body} for ${url}`);
  if (idempotent) {
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
  return { status: res.statusCode, json: res.json<Record<string, unknown>>(), raw: res.body };
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
        authorization: `Bearer ${first.token === 'member' ? real.member.token : real.operator}`,
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
    if (this.direction === 'all') {
      const res = await send(real, model, 'POST', '/api/wallet/transferAll', 'member', {
        to: GAME,
      });
      if (model.cash <= 0)
        return expectEqual([res.status, res.json.message], [400, 'MONEY_NOT_ENOUGH'], label);
      if (model.cash < 100)
        return expectEqual([res.status, res.json.message], [400, 'TRANSFER_MINIMUM'], label);
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
];

export const COVERED_COMMANDS =
  'Adjust(credit=deposit, debit), Withdraw(withdraw|withdrawAll; rail ok|reject|lost), ' +
  'Decide(approve|reject; rail ok|reject|lost; decide twice), Replay(earlier key), ' +
  'Reconcile, Restart, Transfer(wallet->game, game->wallet, transferAll)';

/** A fresh member with an active game account, for one run. */
async function newReal(t: TestApp): Promise<Real> {
  const token = await t.registerMember({ username: uniquePhone() });
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
    member: { token, memberNo, id: row.id, gameUser },
    operator: await t.operatorToken(),
    restarts: 0,
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
          model: { cash: 0, game: 0, waiting: [], processing: [], sent: [] } as Model,
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
