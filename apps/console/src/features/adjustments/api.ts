// The adjustments section's server calls (decision 0089): the threshold above which an
// adjustment waits for a second operator, posting an adjustment (idempotent: one key per
// intended adjustment), and the queue of requests with its decisions.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { ApiError, callApi, type ApiAnswer, type CallOptions } from '@/lib/api';
import type { MutationCallbacks } from '@/lib/mutation';

export type Request = ApiAnswer<typeof routes.operatorAdjustments.listRequests>['rows'][number];
export type StatusFilter = 'pending' | 'approved' | 'rejected' | 'all';
export type AdjustBody = CallOptions<typeof routes.operator.adjust>['body'];
export type Decision = 'approve' | 'reject';

export const PAGE_SIZE = 20;

export const keys = {
  threshold: ['adjustments', 'threshold'] as const,
  requests: ['adjustments', 'requests'] as const,
  requestPage: (status: StatusFilter, page: number) =>
    ['adjustments', 'requests', status, page] as const,
};

export const useThreshold = () =>
  useQuery({
    queryKey: keys.threshold,
    queryFn: ({ signal }) => callApi(routes.operatorAdjustments.getThreshold, { signal }),
  });

export const useRequests = (status: StatusFilter, page: number) =>
  useQuery({
    queryKey: keys.requestPage(status, page),
    queryFn: ({ signal }) =>
      callApi(routes.operatorAdjustments.listRequests, {
        query: { status, page, pageSize: PAGE_SIZE },
        signal,
      }),
  });

type Adjust = { body: AdjustBody; idempotencyKey: string };

/** Posts an adjustment; a retry of the same intended adjustment passes the same key. */
export function useAdjust(
  callbacks: MutationCallbacks<ApiAnswer<typeof routes.operator.adjust>, Adjust>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Adjust) =>
      callApi(routes.operator.adjust, { body, idempotencyKey }),
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: keys.requests });
    },
    onError: callbacks.onError,
  });
}

type Decide = { request: Request; decision: Decision; reason: string };

/** Approves or rejects a request; a 409 (decided meanwhile) refreshes the queue too. */
export function useDecideRequest(
  callbacks: MutationCallbacks<
    | ApiAnswer<typeof routes.operatorAdjustments.approveRequest>
    | ApiAnswer<typeof routes.operatorAdjustments.rejectRequest>,
    Decide
  >,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Decide) =>
      input.decision === 'approve'
        ? callApi(routes.operatorAdjustments.approveRequest, {
            params: { requestId: input.request.id },
          })
        : callApi(routes.operatorAdjustments.rejectRequest, {
            params: { requestId: input.request.id },
            body: { reason: input.reason },
          }),
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: keys.requests });
    },
    onError: (...args) => {
      callbacks.onError?.(...args);
      const [caught] = args;
      if (caught instanceof ApiError && caught.status === 409)
        void client.invalidateQueries({ queryKey: keys.requests });
    },
  });
}
