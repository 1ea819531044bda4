import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Site status, read by the /login navigation guard (spec section 2); never cached.
const endpoint = routes.lookup.active;

export type Active = ResponseFor<typeof api.lookup.active>;

export function getActive(): Promise<Active> {
  return callApi(endpoint);
}
