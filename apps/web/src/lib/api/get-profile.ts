import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Profile and bank account of the signed-in member (profile page, member home).
const endpoint = routes.account.getProfile;

export type ProfileAnswer = ResponseFor<typeof api.account.getProfile>;

export function getProfile(): Promise<ProfileAnswer> {
  return callApi(endpoint);
}

export const profileQueryKey = ['account', 'profile'] as const;

export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
