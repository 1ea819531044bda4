import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, Locale, ResponseFor } from '@wallet/contract/client';
import { useI18n } from '@/i18n/use-i18n';
import { apiRequest } from '@/lib/api-client';

const endpoint = {
  method: 'GET',
  path: '/api/lookup/banks',
} as const satisfies Pick<typeof api.lookup.banks, 'method' | 'path'>;

export type Banks = ResponseFor<typeof api.lookup.banks>;

export function getBanks(): Promise<Banks> {
  return apiRequest<Banks>(endpoint);
}

export const getBanksQueryOptions = (locale: Locale) =>
  queryOptions({ queryKey: ['lookup', 'banks', locale], queryFn: getBanks, staleTime: 300_000 });

export function useBanks() {
  const { locale } = useI18n();
  return useQuery(getBanksQueryOptions(locale));
}
