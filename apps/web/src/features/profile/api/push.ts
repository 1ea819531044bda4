import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The profile's Notifications section (issue 29): the server's key and the member's choices.
export type PushConfig = ResponseFor<typeof api.push.config>;
export type PushPreferencesAnswer = ResponseFor<typeof api.push.preferences>;
export type SetPushPreferencesBody = BodyFor<typeof api.push.setPreferences>;

export const pushConfigQuery = {
  queryKey: ['push', 'config'],
  queryFn: (): Promise<PushConfig> => callApi(routes.push.config),
  staleTime: Infinity,
} as const;

const preferencesKey = ['push', 'preferences'] as const;

export function usePushPreferences(enabled: boolean) {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: (): Promise<PushPreferencesAnswer> => callApi(routes.push.preferences),
    enabled,
  });
}

export function useSetPushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPushPreferencesBody) => callApi(routes.push.setPreferences, { body }),
    onSuccess: (answer) => queryClient.setQueryData(preferencesKey, answer),
  });
}
