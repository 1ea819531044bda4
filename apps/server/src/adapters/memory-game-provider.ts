// In-memory GameProvider for tests: the sandbox provider's rules (accounts idempotent on
// memberRef, transfers exactly once by ref, "out" rejected on a short balance, unknown
// usernames 404) plus switchable faults:
// - `fail[operation]`: a fixed failure for every call of that operation until cleared;
// - `faults`: the seeded fault mix of reliability.md T5 on transfers and balances, drawn per
//   call like the sandbox's fault mode (no answer and 500 change nothing; slow and
//   applied-but-answer-lost apply the transfer and then lose the answer; duplicate delivers
//   the request twice).
import type { ProviderCode } from '@wallet/contract';
import type {
  BetReport,
  GameCredentials,
  GameProvider,
  ProviderTransferRequest,
  ProviderTransferResult,
} from '../ports/game-provider';
import {
  ProviderRejected,
  ProviderUnknownOutcome,
  ProviderUserNotFound,
} from '../ports/game-provider';

export type MemoryOperation =
  | 'createAccount'
  | 'resetPassword'
  | 'balance'
  | 'transfer'
  | 'transferStatus'
  | 'launchLink'
  | 'betReport';

/**
 * reject: a definite no (transfers answer REJECTED); unknown: no answer, nothing done;
 * appliedAnswerLost: (transfers) applied, then the answer is lost; userNotFound: 404.
 */
export type MemoryFailMode = 'reject' | 'unknown' | 'appliedAnswerLost' | 'userNotFound';

export interface MemoryFaultMix {
  noAnswer: number;
  http500: number;
  slow: number;
  appliedAnswerLost: number;
  duplicate: number;
  seed: number;
}

interface Account {
  code: ProviderCode;
  username: string;
  password: string;
  memberRef: string;
  balance: number;
}

interface TransferRecord extends ProviderTransferRequest {
  code: ProviderCode;
  status: 'APPLIED' | 'REJECTED';
  balance: number;
  reason?: string;
}

/** mulberry32: a seeded PRNG, so a failing fault run can be replayed from its seed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class MemoryGameProvider implements GameProvider {
  /** Fixed failures per operation (tests set and clear them). */
  fail: Partial<Record<MemoryOperation, MemoryFailMode>> = {};
  /** Fixed failures of one provider code; they win over `fail`. */
  failByCode: Partial<Record<string, Partial<Record<MemoryOperation, MemoryFailMode>>>> = {};
  /** Provider codes that answer nothing at all (every call: ProviderUnknownOutcome). */
  readonly down = new Set<string>();
  /** Every call waits this long first (lets concurrent requests interleave). */
  latencyMs = 0;
  private mix: MemoryFaultMix | null = null;
  private random: () => number = Math.random;
  /** What the fault mix did, by kind. */
  readonly faultCounts = {
    noAnswer: 0,
    http500: 0,
    slow: 0,
    appliedAnswerLost: 0,
    duplicate: 0,
  };
  /** Calls per operation. */
  readonly calls: Record<MemoryOperation, number> = {
    createAccount: 0,
    resetPassword: 0,
    balance: 0,
    transfer: 0,
    transferStatus: 0,
    launchLink: 0,
    betReport: 0,
  };
  /** Transfer requests whose ref had been applied before (re-sends, duplicates). */
  replays = 0;
  private readonly accounts = new Map<string, Account>();
  private readonly byMemberRef = new Map<string, string>();
  private readonly transfers = new Map<string, TransferRecord>();
  /** Rounds played, per `${code}:${username}`, in play order. */
  private readonly rounds = new Map<string, { at: string; bet: number; win: number }[]>();
  private seq = 0;
  private launches = 0;

  /** Turns the T5 fault mix on (or off with null); draws restart from the seed. */
  setFaults(mix: MemoryFaultMix | null): void {
    this.mix = mix;
    this.random = mix ? mulberry32(mix.seed) : Math.random;
  }

  private draw(): keyof typeof this.faultCounts | null {
    if (!this.mix) return null;
    const u = this.random();
    let edge = 0;
    for (const kind of ['noAnswer', 'http500', 'slow', 'appliedAnswerLost', 'duplicate'] as const) {
      edge += this.mix[kind];
      if (u < edge) {
        this.faultCounts[kind] += 1;
        return kind;
      }
    }
    return null;
  }

  private async enter(
    operation: MemoryOperation,
    code: ProviderCode,
  ): Promise<MemoryFailMode | undefined> {
    this.calls[operation] += 1;
    if (this.latencyMs > 0) await pause(this.latencyMs);
    if (this.down.has(code)) throw new ProviderUnknownOutcome(`${code} is down (memory)`);
    const mode = this.failByCode[code]?.[operation] ?? this.fail[operation];
    if (mode === 'unknown') throw new ProviderUnknownOutcome(`${operation}: no answer (memory)`);
    if (mode === 'userNotFound') throw new ProviderUserNotFound(`${operation}: USER_NOT_FOUND`);
    if (mode === 'reject' && operation !== 'transfer')
      throw new ProviderRejected(`${operation}: refused (memory)`);
    return mode;
  }

  private accountOrThrow(code: ProviderCode, username: string): Account {
    const account = this.accounts.get(`${code}:${username}`);
    if (!account) throw new ProviderUserNotFound(`${code} ${username}: USER_NOT_FOUND`);
    return account;
  }

  async createAccount(code: ProviderCode, memberRef: string): Promise<GameCredentials> {
    await this.enter('createAccount', code);
    const known = this.byMemberRef.get(`${code}:${memberRef}`);
    const existing = known ? this.accounts.get(`${code}:${known}`) : undefined;
    if (existing) return { username: existing.username, password: existing.password };
    this.seq += 1;
    const account: Account = {
      code,
      username: `${code.toLowerCase()}${String(this.seq).padStart(6, '0')}`,
      password: `pw${this.seq}x${Math.random().toString(36).slice(2, 8)}`,
      memberRef,
      balance: 0,
    };
    this.accounts.set(`${code}:${account.username}`, account);
    this.byMemberRef.set(`${code}:${memberRef}`, account.username);
    return { username: account.username, password: account.password };
  }

  async resetPassword(code: ProviderCode, username: string): Promise<{ password: string }> {
    await this.enter('resetPassword', code);
    const account = this.accountOrThrow(code, username);
    account.password = `pw-reset-${Math.random().toString(36).slice(2, 10)}`;
    return { password: account.password };
  }

  async balance(code: ProviderCode, username: string): Promise<number> {
    await this.enter('balance', code);
    const fault = this.draw();
    if (fault && fault !== 'duplicate') throw new ProviderUnknownOutcome(`balance: ${fault}`);
    return this.accountOrThrow(code, username).balance;
  }

  /** The sandbox store's rule: at most once per (code, ref). */
  private apply(code: ProviderCode, request: ProviderTransferRequest): TransferRecord {
    const key = `${code}:${request.ref}`;
    const known = this.transfers.get(key);
    if (known) {
      this.replays += 1;
      if (
        known.username !== request.username ||
        known.direction !== request.direction ||
        known.amount !== request.amount
      )
        throw new ProviderUnknownOutcome(`transfer ${request.ref}: REF_CONFLICT`);
      return known;
    }
    const account = this.accountOrThrow(code, request.username);
    let record: TransferRecord;
    if (request.direction === 'out' && account.balance < request.amount) {
      record = {
        ...request,
        code,
        status: 'REJECTED',
        balance: account.balance,
        reason: 'INSUFFICIENT_BALANCE',
      };
    } else {
      account.balance += request.direction === 'in' ? request.amount : -request.amount;
      record = { ...request, code, status: 'APPLIED', balance: account.balance };
    }
    this.transfers.set(key, record);
    return record;
  }

  async transfer(
    code: ProviderCode,
    request: ProviderTransferRequest,
  ): Promise<ProviderTransferResult> {
    const mode = await this.enter('transfer', code);
    if (mode === 'reject') {
      return { status: 'REJECTED', balance: this.accountOrThrow(code, request.username).balance };
    }
    const fault = this.draw();
    if (fault === 'noAnswer' || fault === 'http500')
      throw new ProviderUnknownOutcome(`transfer ${request.ref}: ${fault}`);
    const record = this.apply(code, request);
    if (fault === 'duplicate') this.apply(code, request);
    if (mode === 'appliedAnswerLost' || fault === 'slow' || fault === 'appliedAnswerLost')
      throw new ProviderUnknownOutcome(`transfer ${request.ref}: answer lost`);
    return {
      status: record.status,
      balance: record.balance,
      ...(record.reason ? { reason: record.reason } : {}),
    };
  }

  async transferStatus(
    code: ProviderCode,
    ref: string,
  ): Promise<'APPLIED' | 'REJECTED' | 'NOT_FOUND'> {
    await this.enter('transferStatus', code);
    return this.transfers.get(`${code}:${ref}`)?.status ?? 'NOT_FOUND';
  }

  async launchLink(code: ProviderCode, username: string, password?: string): Promise<string> {
    await this.enter('launchLink', code);
    const account = this.accountOrThrow(code, username);
    if (password !== undefined && password !== account.password)
      throw new ProviderRejected('launch: WRONG_PASSWORD');
    this.launches += 1;
    return `http://127.0.0.1:3100/play/memory-${code.toLowerCase()}-${this.launches}`;
  }

  async betReport(
    code: ProviderCode,
    username: string,
    since: string,
    until?: string,
  ): Promise<BetReport> {
    await this.enter('betReport', code);
    this.accountOrThrow(code, username);
    const report: BetReport = { bets: 0, wins: 0, rounds: 0 };
    for (const round of this.rounds.get(`${code}:${username}`) ?? []) {
      if (round.at < since || (until !== undefined && round.at >= until)) continue;
      report.bets += round.bet;
      report.wins += round.win;
      report.rounds += 1;
    }
    return report;
  }

  // ---- test helpers -------------------------------------------------------------------

  account(code: ProviderCode, username: string): Readonly<Account> | undefined {
    return this.accounts.get(`${code}:${username}`);
  }

  /** A game round: the provider-side balance moves (a win > 0, a loss < 0). */
  play(code: ProviderCode, username: string, delta: number): void {
    const account = this.accountOrThrow(code, username);
    if (account.balance + delta < 0) throw new RangeError('balance would go below zero');
    account.balance += delta;
  }

  /**
   * A reported round: stakes `bet` and pays back `win` (satang), recorded at `at` for
   * betReport (tests on a fake clock pass its time).
   */
  bet(code: ProviderCode, username: string, bet: number, win: number, at = new Date()): void {
    const account = this.accountOrThrow(code, username);
    if (bet <= 0 || win < 0 || account.balance < bet) throw new RangeError('bad round');
    account.balance += win - bet;
    const key = `${code}:${username}`;
    const list = this.rounds.get(key) ?? [];
    list.push({ at: at.toISOString(), bet, win });
    this.rounds.set(key, list);
  }

  /** Sum of the balances of every account of `code`, and net applied transfers. */
  totals(code: ProviderCode): { balance: number; netTransfers: number; transfers: number } {
    let balance = 0;
    for (const account of this.accounts.values())
      if (account.code === code) balance += account.balance;
    let netTransfers = 0;
    let transfers = 0;
    for (const record of this.transfers.values()) {
      if (record.code !== code || record.status !== 'APPLIED') continue;
      transfers += 1;
      netTransfers += record.direction === 'in' ? record.amount : -record.amount;
    }
    return { balance, netTransfers, transfers };
  }

  transferRecord(code: ProviderCode, ref: string): Readonly<TransferRecord> | undefined {
    return this.transfers.get(`${code}:${ref}`);
  }
}
