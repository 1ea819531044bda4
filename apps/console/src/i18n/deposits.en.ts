import type { depositsTh } from './deposits.th';
import type { Widen } from './types';

export const depositsEn: Widen<typeof depositsTh> = {
  description: 'QR payments, slips to review and gift links',
};
