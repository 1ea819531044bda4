// The slip states' badge tones, shared by the slip list and the slip review (a file of its own
// so neither imports the other: decision 0136).
import type { StatusTone } from '@/components/status-badge';
import type { SlipRow } from './api';

export const slipTones: Record<SlipRow['state'], StatusTone> = {
  review: 'warn',
  processing: 'info',
  success: 'ok',
  failed: 'bad',
};
