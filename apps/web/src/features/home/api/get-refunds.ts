import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { limits, type api, type BodyFor, type ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The refund log: received refunds (refundAmount, createdAt), 10 per page.
const endpoint = routes.refund.list;

export type RefundsBody = BodyFor<typeof api.refund.list>;
export type RefundsAnswer = ResponseFor<typeof api.refund.list>;
export type RefundEntry = RefundsAnswer['refunds'][number];

export function getRefunds(body: RefundsBody): Promise<RefundsAnswer> {
  return callApi(endpoint, { body });
}

export const refundsQueryKey = ['refund', 'list'] as const;

export const getRefundsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...refundsQueryKey, page],
    queryFn: () => getRefunds({ page, limit: limits.tablePageSize }),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

export function useRefunds(page: number) {
  return useQuery(getRefundsQueryOptions(page));
}
