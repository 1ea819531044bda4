// QR amounts (spec sections 2, 5 and 9): the quick amounts of each gateway bank, when the
// create button is disabled, and when pressing it does nothing. KBANK is disabled at or
// below 0 and does nothing below 1; WW is disabled under 100; PAYTIMZ under 10.
import { qrGatewayCodes, qrGateways, type QrGatewayCode } from '@wallet/contract/client';
import { parseAmountInput, type AmountProblem } from '@wallet/client/amount';

export type { QrGatewayCode };

export function isQrGateway(bankCode: string): bankCode is QrGatewayCode {
  return (qrGatewayCodes as readonly string[]).includes(bankCode);
}

export function quickAmounts(bank: QrGatewayCode): readonly number[] {
  return qrGateways[bank].quickAmounts;
}

/** The amount under which the create button is disabled (KBANK: disabled at or below 0). */
function disabledBelow(bank: QrGatewayCode, baht: number): boolean {
  if (bank === 'KBANK') return baht <= 0;
  return baht < qrGateways[bank].minimumBaht;
}

export type QrAmountCheck =
  /** The button is disabled (nothing typed, or under the bank's bound). */
  | { state: 'disabled' }
  /** Not an amount, or above the maximum: disabled, and the field says why (issue 26). */
  | { state: 'invalid'; problem: { reason: AmountProblem; max: number } }
  /** Enabled, but pressing it does nothing (KBANK between 0 and 1). */
  | { state: 'belowMinimum'; minimum: number }
  | { state: 'ok'; amount: number };

export function checkQrAmount(bank: QrGatewayCode, text: string): QrAmountCheck {
  // The gateways take up to the app's maximum (MAX_AMOUNT_BAHT; the sandbox's gateway too).
  const parsed = parseAmountInput(text);
  if (!parsed.ok) {
    return parsed.reason === 'empty'
      ? { state: 'disabled' }
      : { state: 'invalid', problem: { reason: parsed.reason, max: parsed.max } };
  }
  if (disabledBelow(bank, parsed.baht)) return { state: 'disabled' };
  const minimum = qrGateways[bank].minimumBaht;
  if (parsed.baht < minimum) return { state: 'belowMinimum', minimum };
  return { state: 'ok', amount: parsed.baht };
}

export function minimumOf(bank: QrGatewayCode): number {
  return qrGateways[bank].minimumBaht;
}
