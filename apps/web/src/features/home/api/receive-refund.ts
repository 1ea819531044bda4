import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { refundCheckQueryKey } from '@/features/home/api/get-refund-check';
import { refundsQueryKey } from '@/features/home/api/get-refunds';

// Receives the refund of the last period (recorded, not yet in the wallet: decision 0071).
const endpoint = routes.refund.receive;

export type ReceiveRefundAnswer = ResponseFor<typeof api.refund.receive>;

export function receiveRefund(): Promise<ReceiveRefundAnswer> {
  return callApi(endpoint);
}

export function useReceiveRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveRefund,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: refundCheckQueryKey }),
        queryClient.invalidateQueries({ queryKey: refundsQueryKey }),
      ]);
    },
  });
}
