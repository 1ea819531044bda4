import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, Locale, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { useI18n } from '@/i18n/use-i18n';

// The active wheel (name and slices in the member's language) and the member's coins.
const endpoint = routes.spin.setup;

export type SpinSetup = ResponseFor<typeof api.spin.setup>;
export type Slice = NonNullable<SpinSetup['activeSpinwheel']>['slices'][number];

export function getSpinSetup(): Promise<SpinSetup> {
  return callApi(endpoint);
}

export const spinQueryKey = ['spin'] as const;

export const getSpinSetupQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...spinQueryKey, 'setup', locale],
    queryFn: getSpinSetup,
  });

export function useSpinSetup() {
  const { locale } = useI18n();
  return useQuery(getSpinSetupQueryOptions(locale));
}
