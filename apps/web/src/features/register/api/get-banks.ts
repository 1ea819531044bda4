import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, Locale, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { useI18n } from '@/i18n/use-i18n';
import { callApi } from '@/lib/api-client';

const endpoint = routes.lookup.banks;

export type Banks = ResponseFor<typeof api.lookup.banks>;

export function getBanks(): Promise<Banks> {
  return callApi(endpoint);
}

export const getBanksQueryOptions = (locale: Locale) =>
  queryOptions({ queryKey: ['lookup', 'banks', locale], queryFn: getBanks, staleTime: 300_000 });

export function useBanks() {
  const { locale } = useI18n();
  return useQuery(getBanksQueryOptions(locale));
}
