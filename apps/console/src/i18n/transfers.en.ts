import type { transfersTh } from './transfers.th';
import type { Widen } from './types';

export const transfersEn: Widen<typeof transfersTh> = {
  description: 'Provider transfers being confirmed',
};
