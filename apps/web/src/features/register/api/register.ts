import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { apiRequest } from '@/lib/api-client';

const endpoint = {
  method: 'POST',
  path: '/api/account',
} as const satisfies Pick<typeof api.account.register, 'method' | 'path'>;

export type RegisterBody = BodyFor<typeof api.account.register>;
export type RegisterAnswer = ResponseFor<typeof api.account.register>;

export function register(body: RegisterBody): Promise<RegisterAnswer> {
  return apiRequest<RegisterAnswer>({ ...endpoint, body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
