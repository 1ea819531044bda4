import { useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Whether the spin wheel is open (spec section 2: the spin tile shows only then).
const endpoint = routes.spin.active;

export type SpinActive = ResponseFor<typeof api.spin.active>;

export function getSpinActive(): Promise<SpinActive> {
  return callApi(endpoint);
}

export const spinActiveQueryKey = ['spin', 'active'] as const;

export function useSpinActive() {
  return useQuery({
    queryKey: spinActiveQueryKey,
    queryFn: getSpinActive,
    staleTime: 60_000,
  });
}
