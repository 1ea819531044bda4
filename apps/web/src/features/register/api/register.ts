import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

const endpoint = routes.account.register;

export type RegisterBody = BodyFor<typeof api.account.register>;
export type RegisterAnswer = ResponseFor<typeof api.account.register>;

export function register(body: RegisterBody): Promise<RegisterAnswer> {
  return callApi(endpoint, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
