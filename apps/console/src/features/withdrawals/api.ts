// The withdrawals section's server calls (decision 0090): the queue by status, member and
// days, the decision (approve, reject with a reason) and "retry payout". Whatever the
// answer, a decision refreshes the queue: it shows what is true now.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { callApi, type ApiAnswer, type CallOptions } from '@/lib/api';
import type { MutationCallbacks } from '@/lib/mutation';

export type Row = ApiAnswer<typeof routes.operatorWithdrawals.queue>['rows'][number];
export type QueueQuery = NonNullable<CallOptions<typeof routes.operatorWithdrawals.queue>['query']>;
export type Action = { kind: 'approve' | 'reject' | 'retry'; row: Row };

export const PAGE_SIZE = 50;

export const keys = {
  all: ['withdrawals'] as const,
  queue: (query: QueueQuery) => ['withdrawals', query] as const,
};

export const useQueue = (query: QueueQuery) =>
  useQuery({
    queryKey: keys.queue(query),
    queryFn: ({ signal }) => callApi(routes.operatorWithdrawals.queue, { query, signal }),
    placeholderData: keepPreviousData,
  });

type Run = Action & { reason: string };

/** Approves, rejects or retries; answers the withdrawal's new status (none for a retry). */
export function useWithdrawalAction(callbacks: MutationCallbacks<Row['status'] | null, Run>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, row, reason }: Run): Promise<Row['status'] | null> => {
      if (kind === 'retry') {
        await callApi(routes.operatorWithdrawals.retryPayout, { params: { id: row.id } });
        return null;
      }
      const answer = await callApi(routes.operator.decideWithdrawal, {
        params: { id: row.id },
        body: kind === 'approve' ? { decision: 'approve' } : { decision: 'reject', reason },
      });
      return answer.status as Row['status'];
    },
    ...callbacks,
    // Decided by someone else meanwhile (409) or not: the list shows what is true now.
    onSettled: () => void client.invalidateQueries({ queryKey: keys.all }),
  });
}
