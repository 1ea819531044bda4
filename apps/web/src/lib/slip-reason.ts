// Slip outcomes in words (spec section 8, second table): a reason code carried in
// `Slip.note` or in the upload answer is shown in the member's language; a catalogue error
// code too; anything else raw (display rules of section 8).
import { itemState, slipReasonCodes, type SlipReasonCode } from '@wallet/contract/client';
import { translate } from '@/i18n/i18n';
import { errorMessage } from '@/lib/error-message';

const reasons: ReadonlySet<string> = new Set(slipReasonCodes);

export function isSlipReasonCode(value: unknown): value is SlipReasonCode {
  return typeof value === 'string' && reasons.has(value);
}

export function slipReasonMessage(code: string): string {
  if (isSlipReasonCode(code)) return translate(`slipReasons.${code}`);
  return errorMessage(code);
}

export type SlipStatusKind = 'processing' | 'success' | 'failed';

/**
 * Slip statuses (spec section 4): success, failed, anything else processing, in any case;
 * the contract's one reading of the slip list's statuses (statuses.ts, issue 26).
 */
export function slipStatusKind(status: string): SlipStatusKind {
  const state = itemState(status, 'slip');
  return state === 'progress' ? 'processing' : state;
}
