import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { takeEarly } from '@/lib/api/early-requests';

// The member's player protection (issue 28, decision 0139): limits, a block in force, the
// reality-check interval and the session's figures. Read by the Play safe page, the home's
// block notice and the member shell's reality check (so it lives here, not in a feature).
const endpoint = routes.protection.state;

export type ProtectionAnswer = ResponseFor<typeof api.protection.state>;
export type ProtectionLimit = ProtectionAnswer['limits'][number];
export type ProtectionBlock = NonNullable<ProtectionAnswer['block']>;

/** The home's first read takes the answer index.html's early request got, if usable (0156). */
export async function getProtection(): Promise<ProtectionAnswer> {
  return (await takeEarly<ProtectionAnswer>(endpoint.path)) ?? callApi(endpoint);
}

export const protectionQueryKey = ['protection'] as const;

export const getProtectionQueryOptions = () =>
  queryOptions({ queryKey: protectionQueryKey, queryFn: getProtection, staleTime: 30_000 });

export function useProtection(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getProtectionQueryOptions(), enabled: options.enabled ?? true });
}
