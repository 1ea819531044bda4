import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, Locale, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { useI18n } from '@/i18n/use-i18n';
import { spinQueryKey } from './get-spin-setup';

// The member's unclaimed, unexpired coupons (decision 0071).
const endpoint = routes.spin.coupons;

export type Coupon = ResponseFor<typeof api.spin.coupons>[number];

export function getCoupons(): Promise<Coupon[]> {
  return callApi(endpoint);
}

export const getCouponsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...spinQueryKey, 'coupons', locale],
    queryFn: getCoupons,
  });

export function useCoupons() {
  const { locale } = useI18n();
  return useQuery(getCouponsQueryOptions(locale));
}
