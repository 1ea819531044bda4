import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Register step 3 checks the fields with the server before the bank step (spec section 4).
const endpoint = routes.account.validate;

export type ValidateAccountBody = BodyFor<typeof api.account.validate>;
export type ValidateAccountAnswer = ResponseFor<typeof api.account.validate>;

export function validateAccount(body: ValidateAccountBody): Promise<ValidateAccountAnswer> {
  return callApi(endpoint, { body });
}

export function useValidateAccount() {
  return useMutation({ mutationFn: validateAccount });
}
