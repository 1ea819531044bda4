import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, Locale, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { useI18n } from '@/i18n/use-i18n';
import { callApi } from '@/lib/api-client';

// The refund state: whether one waits, whether a bonus blocks it, the operator's info HTML
// (in the request's language, so keyed by locale), the amount and the success / fail %.
const endpoint = routes.refund.check;

export type RefundCheck = ResponseFor<typeof api.refund.check>;

export function getRefundCheck(): Promise<RefundCheck> {
  return callApi(endpoint);
}

export const refundCheckQueryKey = ['refund', 'check'] as const;

export const getRefundCheckQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...refundCheckQueryKey, locale],
    queryFn: getRefundCheck,
    staleTime: 5_000,
  });

export function useRefundCheck() {
  const { locale } = useI18n();
  return useQuery(getRefundCheckQueryOptions(locale));
}
