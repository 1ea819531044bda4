import type { transfersTh } from './transfers.th';
import type { Widen } from './types';

export const transfersEn: Widen<typeof transfersTh> = {
  description: 'Provider transfers being confirmed',
  title: 'Provider transfers',
  intro:
    'Transfers the game provider has not answered clearly yet. The reconciler asks the provider about the same reference until it answers, and never returns money before the provider confirms.',
  tabsLabel: 'Transfer status',
  tabs: { open: 'Being confirmed', settled: 'Recently settled' },
  caption: 'Provider transfers: {tab}',
  filters: {
    member: 'Member',
    memberHint: 'Member number or phone number (exact)',
    provider: 'Provider (code)',
    refresh: 'Refresh',
  },
  columns: {
    created: 'Created',
    member: 'Member',
    provider: 'Provider',
    direction: 'Direction',
    amount: 'Amount (baht)',
    status: 'Status',
    reconciler: 'Reconciler',
    settled: 'Settled',
    actions: 'Actions',
  },
  direction: { in: 'Wallet → game', out: 'Game → wallet' },
  status: { PENDING: 'Being confirmed', POSTED: 'Applied', VOIDED: 'Voided (money returned)' },
  attempts: 'Asked {count} time(s)',
  nextAttempt: 'Next ask',
  lastError: 'Last answer: {error}',
  askAgain: 'Ask the provider again',
  rowLabel: 'Transfer {ref}',
  asked: 'Handed to the reconciler: the answer follows within seconds',
  loadFailed: 'The transfers could not be loaded',
};
