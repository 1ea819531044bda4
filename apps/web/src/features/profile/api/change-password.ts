import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { apiRequest } from '@/lib/api-client';

const endpoint = {
  method: 'PUT',
  path: '/api/account/changepwd',
} as const satisfies Pick<typeof api.account.changePassword, 'method' | 'path'>;

export type ChangePasswordBody = BodyFor<typeof api.account.changePassword>;
export type ChangePasswordAnswer = ResponseFor<typeof api.account.changePassword>;

export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordAnswer> {
  return apiRequest<ChangePasswordAnswer>({ ...endpoint, body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
