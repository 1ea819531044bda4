// The approvals section's server calls (decisions 0116, 0117): the payout-account and the
// control requests by status, and their decisions. A decision, or a 409 (decided meanwhile),
// refreshes its queue.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { ApiError, callApi, type ApiAnswer } from '@/lib/api';
import type { MutationCallbacks } from '@/lib/mutation';

export type BankRequest = ApiAnswer<typeof routes.operatorRequests.bankRequests>['rows'][number];
export type ControlRequest = ApiAnswer<
  typeof routes.operatorRequests.controlRequests
>['rows'][number];
export type Status = BankRequest['status'];
export type StatusFilter = Status | 'all';
export type Kind = 'bank' | 'controls';
export type Decision = 'approve' | 'reject';

export const PAGE_SIZE = 20;

export const keys = {
  queue: (kind: Kind) => ['approvals', kind] as const,
  page: (kind: Kind, status: StatusFilter, page: number) =>
    ['approvals', kind, status, page] as const,
};

export const useBankRequests = (status: StatusFilter, page: number) =>
  useQuery({
    queryKey: keys.page('bank', status, page),
    queryFn: ({ signal }) =>
      callApi(routes.operatorRequests.bankRequests, {
        query: { status, page, pageSize: PAGE_SIZE },
        signal,
      }),
  });

export const useControlRequests = (status: StatusFilter, page: number) =>
  useQuery({
    queryKey: keys.page('controls', status, page),
    queryFn: ({ signal }) =>
      callApi(routes.operatorRequests.controlRequests, {
        query: { status, page, pageSize: PAGE_SIZE },
        signal,
      }),
  });

type Decide = { requestId: number; decision: Decision; reason: string };

function decide(kind: Kind, { requestId, decision, reason }: Decide): Promise<unknown> {
  const params = { requestId };
  if (kind === 'bank')
    return decision === 'approve'
      ? callApi(routes.operatorRequests.approveBankRequest, { params })
      : callApi(routes.operatorRequests.rejectBankRequest, { params, body: { reason } });
  return decision === 'approve'
    ? callApi(routes.operatorRequests.approveControlRequest, { params })
    : callApi(routes.operatorRequests.rejectControlRequest, { params, body: { reason } });
}

export function useDecide<V extends Decide>(kind: Kind, callbacks: MutationCallbacks<unknown, V>) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: keys.queue(kind) });
  return useMutation({
    mutationFn: (input: V) => decide(kind, input),
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      refresh();
    },
    onError: (...args) => {
      callbacks.onError?.(...args);
      if (args[0] instanceof ApiError && args[0].status === 409) refresh();
    },
  });
}
