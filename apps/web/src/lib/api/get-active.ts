import type { api, ResponseFor } from '@wallet/contract/client';
import { apiRequest } from '@/lib/api-client';

// Site status, read by the /login navigation guard (spec section 2); never cached.
const endpoint = {
  method: 'GET',
  path: '/api/lookup/active',
} as const satisfies Pick<typeof api.lookup.active, 'method' | 'path'>;

export type Active = ResponseFor<typeof api.lookup.active>;

export function getActive(): Promise<Active> {
  return apiRequest<Active>(endpoint);
}
