import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// A slip image's link by its bank reference, for slips without a direct link.
const endpoint = routes.statement.slipByReference;

export type SlipReferenceAnswer = ResponseFor<typeof api.statement.slipByReference>;

export function getSlipReference(reference: string): Promise<SlipReferenceAnswer> {
  return callApi(endpoint, { params: { reference } });
}
