import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { limits, type api, type BodyFor, type ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The member's uploaded slips, newest first, 10 per page (spec sections 2 and 9).
const endpoint = routes.statement.slips;

export type SlipsBody = BodyFor<typeof api.statement.slips>;
export type SlipsAnswer = ResponseFor<typeof api.statement.slips>;
export type SlipEntry = SlipsAnswer['slips'][number];

export function getSlips(body: SlipsBody): Promise<SlipsAnswer> {
  return callApi(endpoint, { body });
}

export const slipsQueryKey = ['slips'] as const;

export const getSlipsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...slipsQueryKey, page],
    queryFn: () => getSlips({ page, limit: limits.tablePageSize }),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

export function useSlips(page: number) {
  return useQuery(getSlipsQueryOptions(page));
}
