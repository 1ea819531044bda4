import { selfExclusionDurations, timeOutDurations } from '@wallet/contract/client';

// The durations an operator may apply for a member (the contract's lists, decision 0139): a
// time-out or a self-exclusion, never shorter than one in force.
export const TIME_OUT_DURATIONS = timeOutDurations;
export const SELF_EXCLUSION_DURATIONS = selfExclusionDurations;

/** A history row's old or new value in a line: `—` for none, else compact JSON. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(
      ([key, v]) =>
        `${key}: ${v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
    )
    .join(', ');
}
