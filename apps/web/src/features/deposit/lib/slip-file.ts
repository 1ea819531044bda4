// What the slip screen accepts and how it reads the upload answer (spec sections 7 and 8).
import { isSlipReasonCode } from '@/lib/slip-reason';

export const slipImageTypes = ['image/png', 'image/jpeg'] as const;

export type SlipFileCheck = 'ok' | 'type' | 'size';

/** PNG or JPEG (the server checks the bytes again), at most `maxBytes`. */
export function checkSlipFile(file: Pick<File, 'type' | 'size'>, maxBytes: number): SlipFileCheck {
  if (!(slipImageTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size <= 0 || file.size > maxBytes) return 'size';
  return 'ok';
}

export type SlipOutcome =
  | { kind: 'success'; amount: number | null }
  | { kind: 'processing' }
  | { kind: 'failed'; code: string };

/**
 * The upload answer: SUCCESS (with the baht credited, when the server says: issue 26),
 * PROCESSING, or the reason code it failed with.
 */
export function slipOutcome(answer: { message: string; amount?: number }): SlipOutcome {
  const { message } = answer;
  if (message === 'SUCCESS') {
    const amount = answer.amount;
    return { kind: 'success', amount: typeof amount === 'number' && amount > 0 ? amount : null };
  }
  if (message === 'PROCESSING') return { kind: 'processing' };
  return { kind: 'failed', code: isSlipReasonCode(message) ? message : message || 'UNKNOW_ERROR' };
}
