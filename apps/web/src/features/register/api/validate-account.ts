import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { apiRequest } from '@/lib/api-client';

// Register step 3 checks the fields with the server before the bank step (spec section 4).
const endpoint = {
  method: 'POST',
  path: '/api/account/validate',
} as const satisfies Pick<typeof api.account.validate, 'method' | 'path'>;

export type ValidateAccountBody = BodyFor<typeof api.account.validate>;
export type ValidateAccountAnswer = ResponseFor<typeof api.account.validate>;

export function validateAccount(body: ValidateAccountBody): Promise<ValidateAccountAnswer> {
  return apiRequest<ValidateAccountAnswer>({ ...endpoint, body });
}

export function useValidateAccount() {
  return useMutation({ mutationFn: validateAccount });
}
