import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { getLocale } from '@/i18n/i18n';
import { callApi } from '@/lib/api-client';

// The operator's accounts and wallets to deposit to (operator content: keyed by locale).
const endpoint = routes.lookup.deposit;

export type DepositLookup = ResponseFor<typeof api.lookup.deposit>;
export type DepositBank = DepositLookup['banks'][number];

export function getDepositLookup(): Promise<DepositLookup> {
  return callApi(endpoint);
}

export const getDepositLookupQueryOptions = () =>
  queryOptions({
    queryKey: ['lookup', 'deposit', getLocale()],
    queryFn: getDepositLookup,
    staleTime: 60_000,
  });

export function useDepositLookup() {
  return useQuery(getDepositLookupQueryOptions());
}
