import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Slip upload rules: the upload window after a transfer, the daily closed window, the size cap.
const endpoint = routes.lookup.slip;

export type SlipLookup = ResponseFor<typeof api.lookup.slip>;

export function getSlipLookup(): Promise<SlipLookup> {
  return callApi(endpoint);
}

export const getSlipLookupQueryOptions = () =>
  queryOptions({ queryKey: ['lookup', 'slip'], queryFn: getSlipLookup, staleTime: 60_000 });

export function useSlipLookup() {
  return useQuery(getSlipLookupQueryOptions());
}
