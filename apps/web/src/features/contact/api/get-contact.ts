import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, Locale, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { useI18n } from '@/i18n/use-i18n';
import { callApi } from '@/lib/api-client';

const endpoint = routes.lookup.contact;

export type Contact = ResponseFor<typeof api.lookup.contact>;

export function getContact(): Promise<Contact> {
  return callApi(endpoint);
}

export const getContactQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['lookup', 'contact', locale],
    queryFn: getContact,
    staleTime: 300_000,
  });

export function useContact() {
  const { locale } = useI18n();
  return useQuery(getContactQueryOptions(locale));
}
