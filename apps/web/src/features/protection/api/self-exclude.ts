import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { protectionQueryKey } from '@/lib/api/get-protection';

// Excludes the member at once; it can never be shortened.
const endpoint = routes.protection.selfExclude;

export type SelfExcludeBody = BodyFor<typeof api.protection.selfExclude>;
export type SelfExcludeAnswer = ResponseFor<typeof api.protection.selfExclude>;

export function selfExclude(body: SelfExcludeBody): Promise<SelfExcludeAnswer> {
  return callApi(endpoint, { body });
}

/** Sends it; the answer is the new protection state, kept as the query's data. */
export function useSelfExclude() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selfExclude,
    onSuccess: (state) => queryClient.setQueryData(protectionQueryKey, state),
  });
}
