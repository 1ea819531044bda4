import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { walletQueryKey } from '@/lib/api/get-wallet';
import { refundCheckQueryKey } from '@/features/home/api/get-refund-check';
import { refundsQueryKey } from '@/features/home/api/get-refunds';

// Moves every received refund into the wallet (GET /api/refund/addWallet); it opens a
// turnover condition (decision 0071). Each period is paid once whatever the retries.
const endpoint = routes.refund.addWallet;

export type MoveRefundAnswer = ResponseFor<typeof api.refund.addWallet>;

export function moveRefund(): Promise<MoveRefundAnswer> {
  return callApi(endpoint);
}

export function useMoveRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveRefund,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: refundCheckQueryKey }),
        queryClient.invalidateQueries({ queryKey: refundsQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletQueryKey }),
      ]);
    },
  });
}
