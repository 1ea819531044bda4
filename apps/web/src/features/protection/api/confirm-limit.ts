import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { protectionQueryKey } from '@/lib/api/get-protection';

// Confirms a pending raise or removal once its 24 h cooling-off has passed.
const endpoint = routes.protection.confirmLimit;

export type ConfirmLimitBody = BodyFor<typeof api.protection.confirmLimit>;
export type ConfirmLimitAnswer = ResponseFor<typeof api.protection.confirmLimit>;

export function confirmLimit(body: ConfirmLimitBody): Promise<ConfirmLimitAnswer> {
  return callApi(endpoint, { body });
}

/** Sends it; the answer is the new protection state, kept as the query's data. */
export function useConfirmLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmLimit,
    onSuccess: (state) => queryClient.setQueryData(protectionQueryKey, state),
  });
}
