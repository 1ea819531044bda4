import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

const endpoint = routes.account.changePassword;

export type ChangePasswordBody = BodyFor<typeof api.account.changePassword>;
export type ChangePasswordAnswer = ResponseFor<typeof api.account.changePassword>;

export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordAnswer> {
  return callApi(endpoint, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
