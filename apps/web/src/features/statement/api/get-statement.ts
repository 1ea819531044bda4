import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { limits, type api, type BodyFor, type ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import type { StatementRange } from '@/features/statement/lib/statement-range';

// The member's statement, newest first, one page at a time (spec: 10 per page).
const endpoint = routes.statement.list;

export type StatementBody = BodyFor<typeof api.statement.list>;
export type StatementAnswer = ResponseFor<typeof api.statement.list>;
export type StatementEntry = StatementAnswer['statements'][number];

export function getStatement(body: StatementBody): Promise<StatementAnswer> {
  return callApi(endpoint, { body });
}

/** One page, of the whole statement or of a range of days (decision 0145). */
export const getStatementQueryOptions = (page: number, range?: StatementRange) =>
  queryOptions({
    queryKey: range ? ['statement', page, range.from, range.to] : ['statement', page],
    queryFn: () => getStatement({ page, limit: limits.statementPageSize, ...range }),
    staleTime: 5_000,
    // The old page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useStatement(page: number, range?: StatementRange) {
  return useQuery(getStatementQueryOptions(page, range));
}
