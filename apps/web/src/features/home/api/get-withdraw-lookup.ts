import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The withdraw bounds (withdrawMin, withdrawMax) in baht.
const endpoint = routes.lookup.withdraw;

export type WithdrawLookup = ResponseFor<typeof api.lookup.withdraw>;

export function getWithdrawLookup(): Promise<WithdrawLookup> {
  return callApi(endpoint);
}

export const getWithdrawLookupQueryOptions = () =>
  queryOptions({
    queryKey: ['lookup', 'withdraw'],
    queryFn: getWithdrawLookup,
    staleTime: 300_000,
  });

export function useWithdrawLookup() {
  return useQuery(getWithdrawLookupQueryOptions());
}
