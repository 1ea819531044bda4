// The transfers section's server calls (decision 0090): the provider transfers the reconciler
// holds open or recently settled, and "ask the provider again" (due now; idempotent).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import type { StatusTone } from '@/components/status-badge';
import { callApi, type ApiAnswer, type CallOptions } from '@/lib/api';
import type { MutationCallbacks } from '@/lib/mutation';

export type Row = ApiAnswer<typeof routes.operatorTransfers.list>['rows'][number];
export type ListQuery = NonNullable<CallOptions<typeof routes.operatorTransfers.list>['query']>;
export type TabId = 'open' | 'settled';

export const PAGE_SIZE = 50;
export const statusTone: Record<Row['status'], StatusTone> = {
  PENDING: 'warn',
  POSTED: 'ok',
  VOIDED: 'neutral',
};

export const keys = {
  all: ['transfers'] as const,
  list: (query: ListQuery) => ['transfers', query] as const,
};

export const useTransfers = (query: ListQuery) =>
  useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => callApi(routes.operatorTransfers.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useAskAgain(
  callbacks: MutationCallbacks<ApiAnswer<typeof routes.operatorTransfers.askAgain>, string>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ref: string) => callApi(routes.operatorTransfers.askAgain, { params: { ref } }),
    ...callbacks,
    onSettled: () => void client.invalidateQueries({ queryKey: keys.all }),
  });
}
