import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// One coin, one spin: the server draws and stores the result before it answers.
const endpoint = routes.spin.spin;

export type SpinAnswer = ResponseFor<typeof api.spin.spin>;

export function spinWheel(idempotencyKey: string): Promise<SpinAnswer> {
  return callApi(endpoint, { idempotencyKey });
}
