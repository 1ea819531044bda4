import { useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { apiRequest } from '@/lib/api-client';

// Whether the spin wheel is open (spec section 2: the spin tile shows only then).
const endpoint = routes.spin.active;

export function useSpinActive() {
  return useQuery({
    queryKey: ['spin', 'active'],
    queryFn: () => apiRequest<ResponseFor<typeof api.spin.active>>(endpoint),
    staleTime: 60_000,
  });
}
