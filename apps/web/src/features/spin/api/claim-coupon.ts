import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Pays a coupon into the wallet (ledger key per coupon on the server: paid at most once).
const endpoint = routes.spin.claim;

export type ClaimAnswer = ResponseFor<typeof api.spin.claim>;

export function claimCoupon(coupon: string, idempotencyKey: string): Promise<ClaimAnswer> {
  return callApi(endpoint, { body: { coupon }, idempotencyKey });
}
