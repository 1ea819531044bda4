import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// A one-time game link for the providers without an /api/autoLogin route (JOKER, SEXYGAME,
// UFABET, SUPERSLOT, SLOTXO; decision 0014).
const endpoint = routes.wallet.launch;

export type LaunchLinkAnswer = ResponseFor<typeof api.wallet.launch>;

export function getLaunchLink(code: string): Promise<LaunchLinkAnswer> {
  return callApi(endpoint, { params: { code } });
}
