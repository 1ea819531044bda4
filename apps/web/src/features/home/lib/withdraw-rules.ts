// The withdraw dialog's rules (spec section 5, decisions 0079, 0112, 0113): below withdrawMin
// gives the min-amount message with the bound, above withdrawMax the max-amount message with
// the bound; while a promotion grant is open, above what is withdrawable now is explained
// before sending, and a bonus or promotion forfeits the member's own money left in the
// wallet, which the member confirms by its figure.
import type { GrantKind } from '@wallet/contract/client';
import { parseAmountInput, type AmountProblem } from '@wallet/client/amount';
import { fromSatang, toSatang } from '@/lib/money';
import type { TurnoverAnswer } from '@/lib/api/get-turnover';

export interface WithdrawBounds {
  withdrawMin: number;
  withdrawMax: number;
}

/** What a withdrawal may do now, from `GET /api/bonus/turnover` (baht). */
export interface WithdrawTerms {
  /** The open grant's kind (a bonus kind first), or null when none is open. */
  kind: GrantKind | null;
  /** A bonus or promotion is open: a withdrawal ends it (`endsOnWithdraw`). */
  endsGrants: boolean;
  /** The most that can be withdrawn now without forfeiting own money. */
  withdrawable: number;
  /** Promotion money: the credit and what was won while the grant is open. */
  locked: number;
  /** Promotion money a withdrawal takes back first (0 unless a bonus or promotion is open). */
  takeBack: number;
  /** The wallet the figures were read with. */
  wallet: number;
}

export function withdrawTerms(turnover: TurnoverAnswer): WithdrawTerms {
  const grant = turnover.grants.find((g) => g.endsOnWithdraw) ?? turnover.grants[0] ?? null;
  return {
    kind: grant?.kind ?? null,
    endsGrants: turnover.grants.some((g) => g.endsOnWithdraw),
    withdrawable: turnover.withdrawable,
    // One grant at a time (decision 0112); the largest covers grants opened before it.
    locked: turnover.grants.reduce((most, g) => Math.max(most, g.locked), 0),
    takeBack: turnover.forfeitOnWithdraw,
    wallet: turnover.wallet,
  };
}

/**
 * Own money a withdrawal of `amount` baht forfeits: what is left in the wallet after the
 * promotion money goes back and the amount is paid (wallet - takeBack - amount, exact to the
 * satang, never below 0); 0 when no bonus or promotion is open.
 */
export function forfeitAfter(terms: WithdrawTerms, amount: number): number {
  if (!terms.endsGrants) return 0;
  return fromSatang(
    Math.max(0, toSatang(terms.wallet) - toSatang(terms.takeBack) - toSatang(amount)),
  );
}

export type WithdrawCheck =
  | { ok: true; body: { amount: number } }
  | { ok: false; problem: 'required' }
  /** Not an amount, or above the maximum (lib/amount-message.ts says which). */
  | { ok: false; problem: 'amount'; amount: { reason: AmountProblem; max: number } }
  | { ok: false; problem: 'min' | 'max'; bound: number }
  /** Above what is withdrawable now: the bonus money goes back first / it is locked. */
  | { ok: false; problem: 'overBonus' | 'overLocked'; bound: number };

/**
 * Without bounds (the lookup failed) only the amount itself is checked; without terms (no
 * grant open, or the turnover could not be read) the server checks what is withdrawable.
 * `withdrawable` overrides the terms' figure (a newer one from the server's refusal).
 */
export function checkWithdraw(
  text: string,
  bounds: WithdrawBounds | null,
  terms: WithdrawTerms | null = null,
  withdrawable: number | null = null,
): WithdrawCheck {
  const amount = parseAmountInput(text);
  if (!amount.ok) {
    if (amount.reason === 'empty') return { ok: false, problem: 'required' };
    // Above any amount at all: the withdrawal maximum, when known, is the bound to state.
    if (amount.reason === 'tooLarge' && bounds) {
      return { ok: false, problem: 'max', bound: bounds.withdrawMax };
    }
    return { ok: false, problem: 'amount', amount: { reason: amount.reason, max: amount.max } };
  }
  if (amount.baht <= 0) return { ok: false, problem: 'required' };
  if (bounds && amount.baht < bounds.withdrawMin) {
    return { ok: false, problem: 'min', bound: bounds.withdrawMin };
  }
  if (bounds && amount.baht > bounds.withdrawMax) {
    return { ok: false, problem: 'max', bound: bounds.withdrawMax };
  }
  const limit = withdrawable ?? (terms?.kind ? terms.withdrawable : null);
  if (limit !== null && toSatang(amount.baht) > toSatang(limit)) {
    return {
      ok: false,
      problem: terms?.endsGrants === false ? 'overLocked' : 'overBonus',
      bound: limit,
    };
  }
  return { ok: true, body: { amount: amount.baht } };
}

/** The amount the one-tap "withdraw all my money" fills in: what is withdrawable, within the max. */
export function withdrawAllAmount(withdrawable: number, bounds: WithdrawBounds | null): number {
  return bounds ? Math.min(withdrawable, bounds.withdrawMax) : withdrawable;
}
