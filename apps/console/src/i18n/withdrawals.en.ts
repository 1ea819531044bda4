import type { withdrawalsTh } from './withdrawals.th';
import type { Widen } from './types';

export const withdrawalsEn: Widen<typeof withdrawalsTh> = {
  description: 'The queue of withdrawals to approve, payout status and retries',
};
