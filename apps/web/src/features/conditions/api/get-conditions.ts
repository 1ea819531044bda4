import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, Locale, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { useI18n } from '@/i18n/use-i18n';
import { callApi } from '@/lib/api-client';

const endpoint = routes.lookup.conditions;

export type Conditions = ResponseFor<typeof api.lookup.conditions>;

export function getConditions(): Promise<Conditions> {
  return callApi(endpoint);
}

export const getConditionsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['lookup', 'conditions', locale],
    queryFn: getConditions,
    staleTime: 300_000,
  });

export function useConditions() {
  const { locale } = useI18n();
  return useQuery(getConditionsQueryOptions(locale));
}
