// The transfer dialog's rules (spec sections 2 and 5): source and destination start on the
// NONE placeholder, then take WALLET or an active game account's code; both must be chosen,
// they must differ, and the amount must be at least 1 baht.
import { limits, WALLET, type Slot } from '@wallet/contract/client';
import { parseAmountInput, type AmountProblem } from '@wallet/client/amount';

export const NONE = 'NONE';

export interface TransferParty {
  /** WALLET or a game code. */
  value: string;
  /** Provider name, or null for the wallet (the UI labels it). */
  name: string | null;
  amount: number;
}

/** WALLET first, then every active game account. */
export function transferParties(
  wallet: number,
  slots: readonly Pick<Slot, 'code' | 'name' | 'isActive' | 'amount'>[],
): TransferParty[] {
  return [
    { value: WALLET, name: null, amount: wallet },
    ...slots
      .filter((slot) => slot.isActive)
      .map((slot) => ({ value: slot.code, name: slot.name, amount: slot.amount })),
  ];
}

export type TransferProblem = 'chooseBoth' | 'sameAccount' | 'minimum';

export type TransferCheck =
  | { ok: true; body: { from: string; to: string; amount: number } }
  | { ok: false; problem: TransferProblem; field: 'from' | 'to' | 'amount' }
  /** Not an amount, or above the maximum (lib/amount-message.ts says which). */
  | {
      ok: false;
      problem: 'amount';
      field: 'amount';
      amount: { reason: AmountProblem; max: number };
    };

export function checkTransfer(input: {
  from: string;
  to: string;
  amount: string;
  parties: readonly TransferParty[];
}): TransferCheck {
  const known = (value: string) => input.parties.some((party) => party.value === value);
  if (input.from === NONE || !known(input.from)) {
    return { ok: false, problem: 'chooseBoth', field: 'from' };
  }
  if (input.to === NONE || !known(input.to)) {
    return { ok: false, problem: 'chooseBoth', field: 'to' };
  }
  if (input.from === input.to) return { ok: false, problem: 'sameAccount', field: 'to' };
  const amount = parseAmountInput(input.amount);
  if (!amount.ok) {
    return amount.reason === 'empty'
      ? { ok: false, problem: 'minimum', field: 'amount' }
      : {
          ok: false,
          problem: 'amount',
          field: 'amount',
          amount: { reason: amount.reason, max: amount.max },
        };
  }
  if (amount.baht < limits.transferMinimumBaht) {
    return { ok: false, problem: 'minimum', field: 'amount' };
  }
  return { ok: true, body: { from: input.from, to: input.to, amount: amount.baht } };
}

/** transferAll moves the whole wallet into one game: the destination must be a game. */
export function checkTransferAll(input: {
  to: string;
  parties: readonly TransferParty[];
}): { ok: true; body: { to: string } } | { ok: false } {
  const game = input.parties.some((party) => party.value === input.to && party.value !== WALLET);
  return game ? { ok: true, body: { to: input.to } } : { ok: false };
}

/** Where the transfer dialog opens preset (from / to: WALLET or a game code). */
export interface TransferPreset {
  from: string;
  to: string;
}

/**
 * Transfer-only from the slot account dialog: the transfer dialog opens preset. With money in
 * the wallet it moves wallet -> game; otherwise game -> wallet. Disabled (null) when the
 * amount it would move is 0 or less. Decision 0021.
 */
export function transferOnlyPreset(
  wallet: number,
  slot: Pick<Slot, 'code' | 'isActive' | 'amount'>,
): TransferPreset | null {
  if (!slot.isActive) return null;
  if (wallet > 0) return { from: WALLET, to: slot.code };
  if (slot.amount > 0) return { from: slot.code, to: WALLET };
  return null;
}
