import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { protectionQueryKey } from '@/lib/api/get-protection';

// Takes a time-out at once; it can never be shortened.
const endpoint = routes.protection.timeOut;

export type TimeOutBody = BodyFor<typeof api.protection.timeOut>;
export type TimeOutAnswer = ResponseFor<typeof api.protection.timeOut>;

export function takeTimeOut(body: TimeOutBody): Promise<TimeOutAnswer> {
  return callApi(endpoint, { body });
}

/** Sends it; the answer is the new protection state, kept as the query's data. */
export function useTakeTimeOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeTimeOut,
    onSuccess: (state) => queryClient.setQueryData(protectionQueryKey, state),
  });
}
