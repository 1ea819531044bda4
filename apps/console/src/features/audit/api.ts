// The audit log's server call (decisions 0086, 0094): a page of entries, newest first, by
// search text, operator and Bangkok days.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { callApi, type ApiAnswer } from '@/lib/api';
import { isYmd } from '@/lib/bangkok-date';

export type Entry = ApiAnswer<typeof routes.operator.audit>['rows'][number];
export type AuditFilter = { q: string; operator: string; from: string; to: string; page: number };

export const PAGE_SIZE = 50;

export const keys = {
  page: ({ q, operator, from, to, page }: AuditFilter) =>
    ['audit', q, operator, from, to, page] as const,
};

export const useAuditLog = (filter: AuditFilter) =>
  useQuery({
    queryKey: keys.page(filter),
    queryFn: ({ signal }) =>
      callApi(routes.operator.audit, {
        query: {
          q: filter.q || undefined,
          operator: filter.operator || undefined,
          from: isYmd(filter.from) ? filter.from : undefined,
          to: isYmd(filter.to) ? filter.to : undefined,
          page: filter.page,
          pageSize: PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
