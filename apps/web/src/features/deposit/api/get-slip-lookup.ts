import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { apiRequest } from '@/lib/api-client';

// Slip upload rules: the upload window after a transfer, the daily closed window, the size cap.
const endpoint = {
  method: 'GET',
  path: '/api/lookup/slip',
} as const satisfies Pick<typeof api.lookup.slip, 'method' | 'path'>;

export type SlipLookup = ResponseFor<typeof api.lookup.slip>;

export function getSlipLookup(): Promise<SlipLookup> {
  return apiRequest<SlipLookup>(endpoint);
}

export const getSlipLookupQueryOptions = () =>
  queryOptions({ queryKey: ['lookup', 'slip'], queryFn: getSlipLookup, staleTime: 60_000 });

export function useSlipLookup() {
  return useQuery(getSlipLookupQueryOptions());
}
