import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { protectionQueryKey } from '@/lib/api/get-protection';

// Sets the reality-check interval (0: off, 30 or 60 minutes).
const endpoint = routes.protection.realityCheck;

export type RealityCheckBody = BodyFor<typeof api.protection.realityCheck>;
export type RealityCheckAnswer = ResponseFor<typeof api.protection.realityCheck>;

export function setRealityCheck(body: RealityCheckBody): Promise<RealityCheckAnswer> {
  return callApi(endpoint, { body });
}

/** Sends it; the answer is the new protection state, kept as the query's data. */
export function useSetRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRealityCheck,
    onSuccess: (state) => queryClient.setQueryData(protectionQueryKey, state),
  });
}
