import { randomBytes, randomInt } from 'node:crypto';
import type { ProviderCode } from '@wallet/contract';
import { type Bet, type Reels, payout, spinReels } from './demo-game.js';
import { FaultInjector } from './game-provider.faults.js';
import { type BetTotals, RoundLog, type RoundLogSnapshot } from './round-log.js';

// The provider's whole memory: game accounts, transfers by reference, a ledger of every
// balance change, launch links and demo-game sessions. Every method is synchronous, so a
// check and the change it guards can never interleave with another request: that is what
// makes "exactly once by ref" hold under concurrency. Amounts are integer satang.
// Bounds and retention: docs/decisions/0010-game-provider-simulation.md.

export type Direction = 'in' | 'out';
export type TransferStatus = 'APPLIED' | 'REJECTED';
export type RejectReason = 'INSUFFICIENT_BALANCE';

export interface GameAccount {
  code: ProviderCode;
  username: string;
  password: string;
  memberRef: string;
  balance: number;
  createdAt: string;
}

export interface TransferRequest {
  ref: string;
  username: string;
  direction: Direction;
  amount: number;
}

export interface TransferRecord extends TransferRequest {
  code: ProviderCode;
  status: TransferStatus;
  /** Balance right after this transfer (unchanged when rejected). */
  balance: number;
  reason?: RejectReason;
  createdAt: string;
}

export type LedgerEntryType = 'TRANSFER_IN' | 'TRANSFER_OUT' | 'ROUND';

export interface LedgerEntry {
  /** Global, gap-free sequence: the cursor of GET /provider/:code/ledger. */
  seq: number;
  code: ProviderCode;
  type: LedgerEntryType;
  /** The transfer ref, or the round id. */
  ref: string;
  username: string;
  /** Transfer amount, or the bet of a round. */
  amount: number;
  /** What a round paid back (rounds only). */
  win?: number;
  /** Signed change of the game balance. */
  delta: number;
  balance: number;
  at: string;
}

export interface ProviderTotals {
  accounts: number;
  /** Sum of all account balances; always transfersIn - transfersOut - bets + wins. */
  balance: number;
  transfersIn: number;
  transfersOut: number;
  bets: number;
  wins: number;
}

export interface RoundResult {
  id: string;
  reels: Reels;
  bet: Bet;
  win: number;
  delta: number;
  balanceBefore: number;
  balance: number;
  at: string;
}

export interface PlaySession {
  id: string;
  code: ProviderCode;
  username: string;
  expiresAtMs: number;
  lastRound?: RoundResult;
  notice?: string;
}

export interface StoreCapacity {
  /** Accounts are never dropped (they hold money); past this, opening one is refused. */
  accounts: number;
  /** Transfer outcomes remembered for exactly-once answers and status queries. */
  transfers: number;
  /** A transfer is never forgotten before this age, even at capacity (then new ones wait). */
  transferRetentionMs: number;
  /** Ledger entries kept for GET ledger; totals keep counting past it. */
  ledger: number;
  launches: number;
  sessions: number;
  /** Recent transfers shown on the tester page. */
  recent: number;
  /** Exact round runs kept per account for the bet report; older ones fold into minutes. */
  roundRuns: number;
  /** Folded minute buckets of the round log are kept this long (decision 0076). */
  roundRetentionMs: number;
}

export const DEFAULT_CAPACITY: StoreCapacity = {
  accounts: 100_000,
  transfers: 300_000,
  transferRetentionMs: 10 * 60_000,
  ledger: 200_000,
  launches: 10_000,
  sessions: 10_000,
  recent: 200,
  roundRuns: 200,
  roundRetentionMs: 35 * 24 * 60 * 60_000,
};

/** The tester's play call (decision 0076): the most rounds one call plays. */
export const MAX_PLAY_ROUNDS = 10_000;

/** How the tester's rounds fall: the reels drawn, always lost, or always a pair (1.5x). */
export type PlayOutcome = 'random' | 'lose' | 'win';

/** Reels that lose (no two alike) and that win the smallest prize (a pair). */
const FIXED_REELS: Record<Exclude<PlayOutcome, 'random'>, Reels> = {
  lose: [0, 1, 2],
  win: [0, 0, 1],
};

export const LAUNCH_TTL_MS = 2 * 60_000;
export const SESSION_TTL_MS = 30 * 60_000;

export type OpenAccountResult =
  { type: 'created' | 'existing'; account: GameAccount } | { type: 'capacity' };

export type TransferResult =
  | { type: 'applied' | 'rejected' | 'replayed'; record: TransferRecord }
  | { type: 'conflict'; record: TransferRecord }
  | { type: 'unknownUser' }
  | { type: 'capacity' };

export type PlayResult =
  | { type: 'played'; round: RoundResult; session: PlaySession }
  | { type: 'insufficient'; session: PlaySession }
  | { type: 'noSession' };

export type PlayRoundsResult =
  | {
      type: 'played';
      /** Rounds actually played (fewer than asked when the balance ran out). */
      rounds: number;
      bets: number;
      wins: number;
      balance: number;
      /** True when a bet could not be covered before all rounds were played. */
      stoppedEarly: boolean;
    }
  | { type: 'unknownUser' };

export interface LedgerPage {
  entries: LedgerEntry[];
  /** Pass as `after` for the next page. */
  nextAfter: number;
  hasMore: boolean;
  /** Entries of all codes dropped from the front of the bounded ledger so far. */
  dropped: number;
}

/**
 * JSON-safe state, kept across restarts in the state file (decision 0126); launch links and
 * play sessions are not kept (a restart ends them, as a provider's would).
 */
export interface GameProviderSnapshot {
  version: 1;
  accounts: GameAccount[];
  usernameSeq: Partial<Record<ProviderCode, number>>;
  transfers: TransferRecord[];
  ledger: LedgerEntry[];
  ledgerSeq: number;
  ledgerDropped: number;
  totals: Partial<Record<ProviderCode, ProviderTotals>>;
  roundSeq: number;
  /** Round logs by `${code}:${username}` (absent in snapshots taken before decision 0076). */
  roundLogs?: Record<string, RoundLogSnapshot>;
}

export interface GameProviderStoreOptions {
  now?: () => Date;
  /** Drives the demo game's reels. */
  random?: () => number;
  /** Passwords; a CSPRNG by default. */
  newPassword?: () => string;
  /** Launch tokens and session ids; must be unguessable outside tests. */
  newToken?: () => string;
  capacity?: Partial<StoreCapacity>;
  launchTtlMs?: number;
  sessionTtlMs?: number;
}

const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomPassword(): string {
  let out = '';
  for (let i = 0; i < 10; i += 1) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

const randomToken = () => randomBytes(24).toString('base64url');

/** Fixed-size ring: the oldest item is overwritten once full. */
class Ring<T> {
  private readonly items: (T | undefined)[];
  private start = 0;
  length = 0;
  dropped = 0;

  constructor(readonly capacity: number) {
    this.items = new Array<T | undefined>(capacity);
  }

  push(item: T): void {
    if (this.length < this.capacity) {
      this.items[(this.start + this.length) % this.capacity] = item;
      this.length += 1;
    } else {
      this.items[this.start] = item;
      this.start = (this.start + 1) % this.capacity;
      this.dropped += 1;
    }
  }

  /** 0 = oldest kept. */
  at(index: number): T | undefined {
    if (index < 0 || index >= this.length) return undefined;
    return this.items[(this.start + index) % this.capacity];
  }

  toArray(): T[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i)!);
  }
}

function emptyTotals(): ProviderTotals {
  return { accounts: 0, balance: 0, transfersIn: 0, transfersOut: 0, bets: 0, wins: 0 };
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`game provider ${name} must be a positive integer, got ${value}`);
  }
  return value;
}

export class GameProviderStore {
  readonly capacity: StoreCapacity;
  /** Fault mode of the API (not part of a snapshot: a restart turns it off). */
  readonly faults = new FaultInjector();
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly newPassword: () => string;
  private readonly newToken: () => string;
  private readonly launchTtlMs: number;
  private readonly sessionTtlMs: number;

  /** Keyed `${code}:${username}`, in creation order. */
  private readonly accounts = new Map<string, GameAccount>();
  private readonly byMemberRef = new Map<string, string>();
  private readonly usernameSeq = new Map<ProviderCode, number>();
  /** Keyed `${code}:${ref}`, oldest first (Map keeps insertion order). */
  private readonly transfers = new Map<string, TransferRecord>();
  private readonly recent: Ring<TransferRecord>;
  private readonly ledgerRing: Ring<LedgerEntry>;
  private ledgerSeq = 0;
  private roundSeq = 0;
  private readonly totalsByCode = new Map<ProviderCode, ProviderTotals>();
  private readonly launches = new Map<
    string,
    { code: ProviderCode; username: string; expiresAtMs: number }
  >();
  private readonly sessions = new Map<string, PlaySession>();
  /** The bet report's source, keyed `${code}:${username}`; made at an account's first round. */
  private readonly roundLogs = new Map<string, RoundLog>();
  /** Counts changes to what a snapshot holds (the state file writes when it moves). */
  private changes = 0;

  constructor(options: GameProviderStoreOptions = {}) {
    const capacity = { ...DEFAULT_CAPACITY, ...options.capacity };
    for (const [name, value] of Object.entries(capacity))
      positiveInteger(`capacity.${name}`, value);
    this.capacity = capacity;
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.newPassword = options.newPassword ?? randomPassword;
    this.newToken = options.newToken ?? randomToken;
    this.launchTtlMs = positiveInteger('launchTtlMs', options.launchTtlMs ?? LAUNCH_TTL_MS);
    this.sessionTtlMs = positiveInteger('sessionTtlMs', options.sessionTtlMs ?? SESSION_TTL_MS);
    this.recent = new Ring(capacity.recent);
    this.ledgerRing = new Ring(capacity.ledger);
  }

  // ---- accounts ----------------------------------------------------------------------

  /** Idempotent on memberRef per code: the same member always gets the same account. */
  openAccount(code: ProviderCode, memberRef: string): OpenAccountResult {
    const existing = this.byMemberRef.get(`${code}:${memberRef}`);
    if (existing !== undefined) {
      return { type: 'existing', account: this.accounts.get(`${code}:${existing}`)! };
    }
    if (this.accounts.size >= this.capacity.accounts) return { type: 'capacity' };
    const seq = (this.usernameSeq.get(code) ?? 0) + 1;
    this.usernameSeq.set(code, seq);
    const account: GameAccount = {
      code,
      username: `${code.toLowerCase()}${String(seq).padStart(6, '0')}`,
      password: this.newPassword(),
      memberRef,
      balance: 0,
      createdAt: this.now().toISOString(),
    };
    this.accounts.set(`${code}:${account.username}`, account);
    this.byMemberRef.set(`${code}:${memberRef}`, account.username);
    this.totals(code).accounts += 1;
    this.changes += 1;
    return { type: 'created', account };
  }

  getAccount(code: ProviderCode, username: string): GameAccount | undefined {
    return this.accounts.get(`${code}:${username}`);
  }

  resetPassword(code: ProviderCode, username: string): GameAccount | undefined {
    const account = this.getAccount(code, username);
    if (account) {
      account.password = this.newPassword();
      this.changes += 1;
    }
    return account;
  }

  /** Accounts in creation order, of one code or all. */
  listAccounts(code?: ProviderCode): GameAccount[] {
    const out: GameAccount[] = [];
    for (const account of this.accounts.values()) {
      if (code === undefined || account.code === code) out.push(account);
    }
    return out;
  }

  // ---- transfers ---------------------------------------------------------------------

  /**
   * Applies a transfer at most once per (code, ref). A re-send with the same body answers
   * the first outcome (a rejection is final too); a different body under a known ref is a
   * conflict. Unknown usernames change nothing and are not remembered.
   */
  transfer(code: ProviderCode, request: TransferRequest): TransferResult {
    const key = `${code}:${request.ref}`;
    const known = this.transfers.get(key);
    if (known) {
      const same =
        known.username === request.username &&
        known.direction === request.direction &&
        known.amount === request.amount;
      return { type: same ? 'replayed' : 'conflict', record: known };
    }
    const account = this.getAccount(code, request.username);
    if (!account) return { type: 'unknownUser' };
    if (!this.makeRoomForTransfer()) return { type: 'capacity' };

    const at = this.now().toISOString();
    const base = { code, ...request, createdAt: at };
    let record: TransferRecord;
    if (request.direction === 'out' && account.balance < request.amount) {
      record = {
        ...base,
        status: 'REJECTED',
        balance: account.balance,
        reason: 'INSUFFICIENT_BALANCE',
      };
    } else {
      const delta = request.direction === 'in' ? request.amount : -request.amount;
      this.changeBalance(account, delta);
      const totals = this.totals(code);
      if (request.direction === 'in') totals.transfersIn += request.amount;
      else totals.transfersOut += request.amount;
      record = { ...base, status: 'APPLIED', balance: account.balance };
      this.appendLedger({
        code,
        type: request.direction === 'in' ? 'TRANSFER_IN' : 'TRANSFER_OUT',
        ref: request.ref,
        username: account.username,
        amount: request.amount,
        delta,
        balance: account.balance,
        at,
      });
    }
    this.transfers.set(key, record);
    this.recent.push(record);
    this.changes += 1;
    return { type: record.status === 'APPLIED' ? 'applied' : 'rejected', record };
  }

  getTransfer(code: ProviderCode, ref: string): TransferRecord | undefined {
    return this.transfers.get(`${code}:${ref}`);
  }

  get transferCount(): number {
    return this.transfers.size;
  }

  /** Newest first, including rejections (for the tester page). */
  recentTransfers(limit: number, code?: ProviderCode): TransferRecord[] {
    const out: TransferRecord[] = [];
    for (let i = this.recent.length - 1; i >= 0 && out.length < limit; i -= 1) {
      const record = this.recent.at(i)!;
      if (code === undefined || record.code === code) out.push(record);
    }
    return out;
  }

  /** Forgets the oldest outcome only once it is older than the retention window. */
  private makeRoomForTransfer(): boolean {
    if (this.transfers.size < this.capacity.transfers) return true;
    const [oldestKey, oldest] = this.transfers.entries().next().value!;
    const age = this.now().getTime() - Date.parse(oldest.createdAt);
    if (age < this.capacity.transferRetentionMs) return false;
    this.transfers.delete(oldestKey);
    return true;
  }

  // ---- ledger ------------------------------------------------------------------------

  totals(code: ProviderCode): ProviderTotals {
    let totals = this.totalsByCode.get(code);
    if (!totals) {
      totals = emptyTotals();
      this.totalsByCode.set(code, totals);
    }
    return totals;
  }

  /** Applied transfers and rounds of one code after the cursor `after`, oldest first. */
  ledger(
    code: ProviderCode,
    query: { after?: number; limit: number; username?: string },
  ): LedgerPage {
    const after = query.after ?? 0;
    const first = this.ledgerRing.at(0);
    // Sequences are gap-free, so the first entry after the cursor is found by arithmetic.
    let index = first === undefined ? 0 : Math.max(0, after - first.seq + 1);
    const entries: LedgerEntry[] = [];
    let nextAfter = after;
    for (; index < this.ledgerRing.length; index += 1) {
      const entry = this.ledgerRing.at(index)!;
      if (entry.code !== code) continue;
      if (query.username !== undefined && entry.username !== query.username) continue;
      if (entries.length === query.limit) break;
      entries.push(entry);
      nextAfter = entry.seq;
    }
    return {
      entries,
      nextAfter,
      hasMore: index < this.ledgerRing.length,
      dropped: this.ledgerRing.dropped,
    };
  }

  /** Newest rounds first (for the tester page); looks at the newest `scan` entries only. */
  recentRounds(limit: number, code?: ProviderCode, scan = 5000): LedgerEntry[] {
    const out: LedgerEntry[] = [];
    const stop = Math.max(0, this.ledgerRing.length - scan);
    for (let i = this.ledgerRing.length - 1; i >= stop && out.length < limit; i -= 1) {
      const entry = this.ledgerRing.at(i)!;
      if (entry.type === 'ROUND' && (code === undefined || entry.code === code)) out.push(entry);
    }
    return out;
  }

  get ledgerSize(): number {
    return this.ledgerRing.length;
  }

  private changeBalance(account: GameAccount, delta: number): void {
    account.balance += delta;
    this.totals(account.code).balance += delta;
  }

  private appendLedger(entry: Omit<LedgerEntry, 'seq'>): void {
    this.ledgerSeq += 1;
    this.ledgerRing.push({ seq: this.ledgerSeq, ...entry });
  }

  // ---- launch links and the demo game ------------------------------------------------

  /** A one-time link token for an existing account, valid for launchTtlMs. */
  launch(code: ProviderCode, username: string): { token: string; expiresAt: string } | undefined {
    if (!this.getAccount(code, username)) return undefined;
    const nowMs = this.now().getTime();
    // Every token lives as long, so insertion order is expiry order.
    for (const [token, launch] of this.launches) {
      if (launch.expiresAtMs > nowMs && this.launches.size < this.capacity.launches) break;
      this.launches.delete(token);
    }
    const token = this.newToken();
    const expiresAtMs = nowMs + this.launchTtlMs;
    this.launches.set(token, { code, username, expiresAtMs });
    return { token, expiresAt: new Date(expiresAtMs).toISOString() };
  }

  get launchCount(): number {
    return this.launches.size;
  }

  /** Uses up a launch token and opens a play session; undefined if unknown, used or expired. */
  redeemLaunch(token: string): PlaySession | undefined {
    const launch = this.launches.get(token);
    if (!launch) return undefined;
    this.launches.delete(token);
    const nowMs = this.now().getTime();
    if (launch.expiresAtMs <= nowMs) return undefined;
    this.purgeSessions(nowMs);
    const session: PlaySession = {
      id: this.newToken(),
      code: launch.code,
      username: launch.username,
      expiresAtMs: nowMs + this.sessionTtlMs,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** A live session, its idle expiry pushed back. */
  getSession(id: string): PlaySession | undefined {
    const session = this.sessions.get(id);
    if (!session) return undefined;
    const nowMs = this.now().getTime();
    this.sessions.delete(id);
    if (session.expiresAtMs <= nowMs) return undefined;
    session.expiresAtMs = nowMs + this.sessionTtlMs;
    this.sessions.set(id, session); // re-inserted: the map stays in idle order
    return session;
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  /** One round of the demo slot, paid from and into the provider-side balance. */
  play(sessionId: string, bet: Bet): PlayResult {
    const session = this.getSession(sessionId);
    if (!session) return { type: 'noSession' };
    const account = this.getAccount(session.code, session.username);
    if (!account) return { type: 'noSession' };
    if (account.balance < bet) return { type: 'insufficient', session };

    const round = this.playRound(account, bet, spinReels(this.random));
    session.lastRound = round;
    return { type: 'played', round, session };
  }

  /**
   * The tester's call (decision 0076): up to `rounds` rounds of the demo game for an account
   * at once, each exactly like a round played in the browser (balance, ledger, round log);
   * stops when the balance cannot cover the bet.
   */
  playRounds(
    code: ProviderCode,
    username: string,
    request: { rounds: number; bet: Bet; outcome: PlayOutcome },
  ): PlayRoundsResult {
    const account = this.getAccount(code, username);
    if (!account) return { type: 'unknownUser' };
    const out = { type: 'played' as const, rounds: 0, bets: 0, wins: 0, stoppedEarly: false };
    for (let i = 0; i < request.rounds; i += 1) {
      if (account.balance < request.bet) {
        out.stoppedEarly = true;
        break;
      }
      const reels =
        request.outcome === 'random' ? spinReels(this.random) : FIXED_REELS[request.outcome];
      const round = this.playRound(account, request.bet, [...reels] as Reels);
      out.rounds += 1;
      out.bets += round.bet;
      out.wins += round.win;
    }
    return { ...out, balance: account.balance };
  }

  /** Applies one round to the account, the totals, the ledger and the round log. */
  private playRound(account: GameAccount, bet: Bet, reels: Reels): RoundResult {
    const win = payout(reels, bet);
    const balanceBefore = account.balance;
    const delta = win - bet;
    this.changeBalance(account, delta);
    const totals = this.totals(account.code);
    totals.bets += bet;
    totals.wins += win;
    this.roundSeq += 1;
    const now = this.now();
    const at = now.toISOString();
    const round: RoundResult = {
      id: `R${String(this.roundSeq).padStart(8, '0')}`,
      reels,
      bet,
      win,
      delta,
      balanceBefore,
      balance: account.balance,
      at,
    };
    this.appendLedger({
      code: account.code,
      type: 'ROUND',
      ref: round.id,
      username: account.username,
      amount: bet,
      win,
      delta,
      balance: account.balance,
      at,
    });
    this.roundLog(account.code, account.username).record(now.getTime(), bet, win);
    this.changes += 1;
    return round;
  }

  private roundLog(code: ProviderCode, username: string): RoundLog {
    const key = `${code}:${username}`;
    let log = this.roundLogs.get(key);
    if (!log) {
      log = new RoundLog({
        exactRuns: this.capacity.roundRuns,
        retentionMs: this.capacity.roundRetentionMs,
      });
      this.roundLogs.set(key, log);
    }
    return log;
  }

  /**
   * Bets and wins of the account's rounds at or after `since` and before `until` (epoch ms;
   * left out: every round so far, as the memory adapter does); undefined for an unknown
   * account. Exact for recent play (decision 0076).
   */
  betReport(
    code: ProviderCode,
    username: string,
    since: number,
    until = Number.POSITIVE_INFINITY,
  ): BetTotals | undefined {
    if (!this.getAccount(code, username)) return undefined;
    const log = this.roundLogs.get(`${code}:${username}`);
    return log ? log.report(since, until) : { bets: 0, wins: 0, rounds: 0 };
  }

  /** All-time bets, wins and rounds of one account (the tester page). */
  accountBets(code: ProviderCode, username: string): BetTotals {
    const totals = this.roundLogs.get(`${code}:${username}`)?.totals;
    return totals ? { ...totals } : { bets: 0, wins: 0, rounds: 0 };
  }

  private purgeSessions(nowMs: number): void {
    for (const [id, session] of this.sessions) {
      if (session.expiresAtMs > nowMs && this.sessions.size < this.capacity.sessions) break;
      this.sessions.delete(id);
    }
  }

  // ---- persistence (decision 0126) ---------------------------------------------------

  /** Grows with every change a snapshot would show (accounts, transfers, rounds). */
  get revision(): number {
    return this.changes;
  }

  snapshot(): GameProviderSnapshot {
    return structuredClone({
      version: 1,
      accounts: [...this.accounts.values()],
      usernameSeq: Object.fromEntries(this.usernameSeq),
      transfers: [...this.transfers.values()],
      ledger: this.ledgerRing.toArray(),
      ledgerSeq: this.ledgerSeq,
      ledgerDropped: this.ledgerRing.dropped,
      totals: Object.fromEntries(this.totalsByCode),
      roundSeq: this.roundSeq,
      roundLogs: Object.fromEntries([...this.roundLogs].map(([key, log]) => [key, log.snapshot()])),
    });
  }

  static fromSnapshot(
    snapshot: GameProviderSnapshot,
    options: GameProviderStoreOptions = {},
  ): GameProviderStore {
    if (snapshot.version !== 1) throw new Error(`unknown snapshot version ${snapshot.version}`);
    const store = new GameProviderStore(options);
    const copy = structuredClone(snapshot);
    for (const account of copy.accounts) {
      store.accounts.set(`${account.code}:${account.username}`, account);
      store.byMemberRef.set(`${account.code}:${account.memberRef}`, account.username);
    }
    for (const [code, seq] of Object.entries(copy.usernameSeq)) {
      store.usernameSeq.set(code as ProviderCode, seq);
    }
    for (const record of copy.transfers) {
      store.transfers.set(`${record.code}:${record.ref}`, record);
      store.recent.push(record);
    }
    for (const entry of copy.ledger) store.ledgerRing.push(entry);
    store.ledgerRing.dropped += copy.ledgerDropped;
    store.ledgerSeq = copy.ledgerSeq;
    for (const [code, totals] of Object.entries(copy.totals)) {
      store.totalsByCode.set(code as ProviderCode, totals);
    }
    store.roundSeq = copy.roundSeq;
    for (const [key, log] of Object.entries(copy.roundLogs ?? {})) {
      store.roundLogs.set(
        key,
        RoundLog.fromSnapshot(log, {
          exactRuns: store.capacity.roundRuns,
          retentionMs: store.capacity.roundRetentionMs,
        }),
      );
    }
    return store;
  }
}
