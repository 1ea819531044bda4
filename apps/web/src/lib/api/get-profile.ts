import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { apiRequest } from '@/lib/api-client';

// Profile and bank account of the signed-in member (profile page, member home).
const endpoint = {
  method: 'GET',
  path: '/api/account/profile',
} as const satisfies Pick<typeof api.account.getProfile, 'method' | 'path'>;

export type ProfileAnswer = ResponseFor<typeof api.account.getProfile>;

export function getProfile(): Promise<ProfileAnswer> {
  return apiRequest<ProfileAnswer>(endpoint);
}

export const profileQueryKey = ['account', 'profile'] as const;

export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
