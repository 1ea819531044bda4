import type { StatusTone } from '@/components/status-badge';
import type { Status } from '../api';

export type Ref = { id: number; username: string; displayName: string };

export const tones: Record<Status, StatusTone> = {
  pending: 'warn',
  approved: 'ok',
  rejected: 'bad',
};

/** An operator in a row: the display name with the username when they differ. */
export const who = (ref: Ref) =>
  ref.displayName === ref.username ? ref.username : `${ref.displayName} (${ref.username})`;
