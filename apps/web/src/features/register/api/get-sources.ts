import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, Locale, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { useI18n } from '@/i18n/use-i18n';
import { callApi } from '@/lib/api-client';

const endpoint = routes.lookup.sources;

export type Sources = ResponseFor<typeof api.lookup.sources>;

export function getSources(): Promise<Sources> {
  return callApi(endpoint);
}

export const getSourcesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['lookup', 'sources', locale],
    queryFn: getSources,
    staleTime: 300_000,
  });

export function useSources() {
  const { locale } = useI18n();
  return useQuery(getSourcesQueryOptions(locale));
}
