// The withdraw dialog's rules (spec section 5): below withdrawMin gives the min-amount message
// with the bound, above withdrawMax the max-amount message with the bound.
import { parseAmountInput } from '@/lib/money';

export interface WithdrawBounds {
  withdrawMin: number;
  withdrawMax: number;
}

export type WithdrawCheck =
  | { ok: true; body: { amount: number } }
  | { ok: false; problem: 'required' | 'amountFormat' }
  | { ok: false; problem: 'min' | 'max'; bound: number };

/** Without bounds (the lookup failed) only the amount itself is checked; the server checks the rest. */
export function checkWithdraw(text: string, bounds: WithdrawBounds | null): WithdrawCheck {
  const amount = parseAmountInput(text);
  if (!amount.ok) {
    return { ok: false, problem: amount.reason === 'empty' ? 'required' : 'amountFormat' };
  }
  if (amount.baht <= 0) return { ok: false, problem: 'required' };
  if (bounds && amount.baht < bounds.withdrawMin) {
    return { ok: false, problem: 'min', bound: bounds.withdrawMin };
  }
  if (bounds && amount.baht > bounds.withdrawMax) {
    return { ok: false, problem: 'max', bound: bounds.withdrawMax };
  }
  return { ok: true, body: { amount: amount.baht } };
}
