import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The member's protection state (issue 28): the profile shows its net deposits.
export type ProtectionAnswer = ResponseFor<typeof api.protection.state>;
export type NetDeposits = ProtectionAnswer['netDeposits'];

export const protectionQueryKey = ['protection'] as const;

export const getProtectionQueryOptions = () =>
  queryOptions({
    queryKey: protectionQueryKey,
    queryFn: (): Promise<ProtectionAnswer> => callApi(routes.protection.state),
    staleTime: 30_000,
  });

export function useNetDeposits() {
  return useQuery({ ...getProtectionQueryOptions(), select: (data) => data.netDeposits });
}
