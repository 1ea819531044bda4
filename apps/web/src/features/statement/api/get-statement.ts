import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { limits, type api, type BodyFor, type ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The member's statement, newest first, one page at a time (spec: 10 per page).
const endpoint = routes.statement.list;

export type StatementBody = BodyFor<typeof api.statement.list>;
export type StatementAnswer = ResponseFor<typeof api.statement.list>;
export type StatementEntry = StatementAnswer['statements'][number];

export function getStatement(body: StatementBody): Promise<StatementAnswer> {
  return callApi(endpoint, { body });
}

export const getStatementQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['statement', page],
    queryFn: () => getStatement({ page, limit: limits.statementPageSize }),
    staleTime: 5_000,
    // The old page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useStatement(page: number) {
  return useQuery(getStatementQueryOptions(page));
}
