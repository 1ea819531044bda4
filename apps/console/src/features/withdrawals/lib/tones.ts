import type { StatusTone } from '@/components/status-badge';
import type { Row } from '../api';

export type TabId = Row['status'] | 'all';
export const TABS: readonly TabId[] = [
  'WAITING',
  'PROCESSING',
  'PAID',
  'FAILED',
  'REJECTED',
  'all',
];

export const statusTone: Record<Row['status'], StatusTone> = {
  WAITING: 'warn',
  PROCESSING: 'info',
  PAID: 'ok',
  FAILED: 'bad',
  REJECTED: 'neutral',
};
export const payoutTone: Record<Row['payout']['state'], StatusTone> = {
  awaiting_decision: 'neutral',
  not_sent: 'neutral',
  sending: 'info',
  unknown: 'warn',
  paid: 'ok',
  refused: 'bad',
};
