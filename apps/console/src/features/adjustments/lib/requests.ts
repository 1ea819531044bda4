import type { StatusTone } from '@/components/status-badge';
import type { Request } from '../api';

export const tones: Record<Request['status'], StatusTone> = {
  pending: 'warn',
  approved: 'ok',
  rejected: 'bad',
};

/** An operator in a row: the display name with the username when they differ. */
export const who = (ref: { displayName: string; username: string }) =>
  ref.displayName === ref.username ? ref.username : `${ref.displayName} (${ref.username})`;
