import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { limits, type api, type BodyFor, type ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The invite table: what each invitee's deposits earned the member, 10 per page.
const endpoint = routes.invite.list;

export type InvitesBody = BodyFor<typeof api.invite.list>;
export type InvitesAnswer = ResponseFor<typeof api.invite.list>;
export type InviteEntry = InvitesAnswer['invites'][number];

export function getInvites(body: InvitesBody): Promise<InvitesAnswer> {
  return callApi(endpoint, { body });
}

export const invitesQueryKey = ['invite', 'list'] as const;

export const getInvitesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...invitesQueryKey, page],
    queryFn: () => getInvites({ page, limit: limits.tablePageSize }),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

export function useInvites(page: number) {
  return useQuery(getInvitesQueryOptions(page));
}
