import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The bonus notice lookup (spec section 7): plain text with a %percentFail% token.
const endpoint = routes.lookup.notice;

export type NoticeAnswer = ResponseFor<typeof api.lookup.notice>;

export function getNotice(): Promise<NoticeAnswer> {
  return callApi(endpoint);
}

export const getNoticeQueryOptions = (locale: string) =>
  queryOptions({ queryKey: ['lookup', 'notice', locale], queryFn: getNotice, staleTime: 60_000 });

export function useNotice(locale: string) {
  return useQuery(getNoticeQueryOptions(locale));
}
