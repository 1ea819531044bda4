import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { protectionQueryKey } from '@/lib/api/get-protection';

// Sets, lowers, raises or removes (amount null) a deposit or loss limit (decision 0139).
const endpoint = routes.protection.setLimit;

export type SetLimitBody = BodyFor<typeof api.protection.setLimit>;
export type SetLimitAnswer = ResponseFor<typeof api.protection.setLimit>;

export function setLimit(body: SetLimitBody): Promise<SetLimitAnswer> {
  return callApi(endpoint, { body });
}

/** Sends it; the answer is the new protection state, kept as the query's data. */
export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLimit,
    onSuccess: (state) => queryClient.setQueryData(protectionQueryKey, state),
  });
}
