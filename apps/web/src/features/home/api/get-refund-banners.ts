import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, Locale, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { useI18n } from '@/i18n/use-i18n';
import { callApi } from '@/lib/api-client';

// The refund (cashback) banners (image + operator HTML caption, in the request's language).
const endpoint = routes.refund.banners;

export type RefundBanners = ResponseFor<typeof api.refund.banners>;

export function getRefundBanners(): Promise<RefundBanners> {
  return callApi(endpoint);
}

export const getRefundBannersQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['refund', 'banners', locale],
    queryFn: getRefundBanners,
    staleTime: 300_000,
  });

export function useRefundBanners() {
  const { locale } = useI18n();
  return useQuery(getRefundBannersQueryOptions(locale));
}
