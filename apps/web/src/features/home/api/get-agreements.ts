import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, Locale, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { useI18n } from '@/i18n/use-i18n';
import { callApi } from '@/lib/api-client';

// The user agreement (operator HTML, in the request's language).
const endpoint = routes.lookup.agreements;

export type Agreements = ResponseFor<typeof api.lookup.agreements>;

export function getAgreements(): Promise<Agreements> {
  return callApi(endpoint);
}

export const getAgreementsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['lookup', 'agreements', locale],
    queryFn: getAgreements,
    staleTime: 300_000,
  });

export function useAgreements() {
  const { locale } = useI18n();
  return useQuery(getAgreementsQueryOptions(locale));
}
