import type { reportsTh } from './reports.th';
import type { Widen } from './types';

export const reportsEn: Widen<typeof reportsTh> = {
  description: 'Ledger, deposits and withdrawals by day, and CSV export',
};
