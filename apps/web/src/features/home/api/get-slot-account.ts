import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The game account's credentials, shown only for an active account.
const endpoint = routes.wallet.account;

export type SlotAccountAnswer = ResponseFor<typeof api.wallet.account>;

export function getSlotAccount(code: string): Promise<SlotAccountAnswer> {
  return callApi(endpoint, { params: { code } });
}

export const slotAccountQueryKey = (code: string) => ['wallet', 'account', code] as const;

export const getSlotAccountQueryOptions = (code: string) =>
  queryOptions({
    queryKey: slotAccountQueryKey(code),
    queryFn: () => getSlotAccount(code),
    staleTime: 60_000,
    // Passwords do not linger in memory once the dialog is gone.
    gcTime: 60_000,
  });

export function useSlotAccount(code: string, enabled: boolean) {
  return useQuery({ ...getSlotAccountQueryOptions(code), enabled });
}
