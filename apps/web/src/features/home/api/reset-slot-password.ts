import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { slotAccountQueryKey } from '@/features/home/api/get-slot-account';

// Sets a new game password; the account stays active (spec section 4) and the answer carries
// the new credentials.
const endpoint = routes.wallet.resetPassword;

export type ResetSlotPasswordAnswer = ResponseFor<typeof api.wallet.resetPassword>;

export function resetSlotPassword(code: string): Promise<ResetSlotPasswordAnswer> {
  return callApi(endpoint, { params: { code } });
}

export function useResetSlotPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSlotPassword,
    onSuccess: (credentials, code) =>
      queryClient.setQueryData(slotAccountQueryKey(code), credentials),
  });
}
