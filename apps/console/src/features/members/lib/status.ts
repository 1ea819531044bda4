import type { StatusTone } from '@/components/status-badge';

const ok = new Set([
  'SUCCESS',
  'PAID',
  'CREDITED',
  'POSTED',
  'success',
  'met',
  'cleared',
  'active',
]);
const bad = new Set([
  'FAILED',
  'REJECTED',
  'CANCELLED',
  'EXPIRED',
  'VOIDED',
  'failed',
  'forfeited',
  'inactive',
]);
const waiting = new Set(['WAITING', 'REVIEW', 'PENDING', 'PROCESSING', 'processing', 'open']);

/** The badge tone of a stored status of any kind (withdrawal, deposit, slip, grant, member). */
export function toneOf(status: string): StatusTone {
  if (ok.has(status)) return 'ok';
  if (bad.has(status)) return 'bad';
  if (waiting.has(status)) return 'warn';
  return 'neutral';
}
