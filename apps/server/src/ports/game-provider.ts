// A transfer-wallet game provider (architecture.md "ports"): game accounts, balances and
// transfers by our own unique reference. Amounts are integer satang. Every failure is one of
// three typed errors, because invariant 6 depends on telling them apart:
// - ProviderRejected: a definite "no"; nothing happened at the provider;
// - ProviderUserNotFound: the provider does not know the username (a definite "no" too);
// - ProviderUnknownOutcome: timeout, 5xx, connection reset, unreadable answer: the call
//   may or may not have taken effect, so a transfer stays pending until its status is known.
import type { ProviderCode } from '@wallet/contract';

export type TransferDirection = 'in' | 'out';

export interface ProviderTransferRequest {
  /** Our unique reference; the provider applies a ref at most once. */
  ref: string;
  username: string;
  /** in: wallet -> game; out: game -> wallet. */
  direction: TransferDirection;
  /** Integer satang, > 0. */
  amount: number;
}

export interface ProviderTransferResult {
  status: 'APPLIED' | 'REJECTED';
  /** The game balance right after the transfer (satang). */
  balance: number;
  /** Why a transfer was rejected, e.g. INSUFFICIENT_BALANCE. */
  reason?: string;
}

export interface GameCredentials {
  username: string;
  password: string;
}

/** An account's play between two times, as the provider reports it (decision 0071). */
export interface BetReport {
  /** Satang staked. */
  bets: number;
  /** Satang paid back on those bets. */
  wins: number;
  rounds: number;
}

export interface GameProvider {
  /** Opens (or returns) the member's account; idempotent on memberRef. */
  createAccount(code: ProviderCode, memberRef: string): Promise<GameCredentials>;
  resetPassword(code: ProviderCode, username: string): Promise<{ password: string }>;
  /** Current game balance in satang. */
  balance(code: ProviderCode, username: string): Promise<number>;
  transfer(code: ProviderCode, request: ProviderTransferRequest): Promise<ProviderTransferResult>;
  /** What became of a ref: APPLIED, REJECTED, or NOT_FOUND (never received or not applied). */
  transferStatus(code: ProviderCode, ref: string): Promise<'APPLIED' | 'REJECTED' | 'NOT_FOUND'>;
  /** A one-time link to the game; the password is checked by the provider when given. */
  launchLink(code: ProviderCode, username: string, password?: string): Promise<string>;
  /**
   * The account's bets and wins of rounds played at or after `since` and before `until`
   * (ISO-8601 UTC; `until` left out: up to now). Turnover and cashback are read from it.
   */
  betReport(
    code: ProviderCode,
    username: string,
    since: string,
    until?: string,
  ): Promise<BetReport>;
}

export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A definite refusal: the provider processed the call and said no. */
export class ProviderRejected extends ProviderError {}

/** The provider does not know this username (AREASLOT / UFABET: NOT_AREASLOT / NOT_UFABET). */
export class ProviderUserNotFound extends ProviderError {}

/** No usable answer (timeout, 5xx, reset): the call may or may not have taken effect. */
export class ProviderUnknownOutcome extends ProviderError {}
