import { useQueryClient } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { useAsyncAction } from '@/hooks/use-async-action';
import { callApi } from '@/lib/api-client';
import { walletQueryKey, type WalletAnswer } from '@/lib/api/get-wallet';
import { storeLastSync } from '@/features/home/lib/last-sync';

// Asks every provider for the game balances; the answer is the whole wallet view.
const endpoint = routes.wallet.refreshSlots;

export type RefreshSlotsAnswer = ResponseFor<typeof api.wallet.refreshSlots>;

export function refreshSlots(): Promise<RefreshSlotsAnswer> {
  return callApi(endpoint);
}

/**
 * Check balance / refresh all: the wallet query fetched through the provider-refreshing
 * route (same answer shape), which also stamps `last_sync`. A query fetch rather than a
 * mutation keeps useMutation off the first load of /user/home (decision 0020).
 */
export function useRefreshSlots() {
  const queryClient = useQueryClient();
  return useAsyncAction(async (): Promise<WalletAnswer> => {
    const wallet = await queryClient.fetchQuery({
      queryKey: walletQueryKey,
      queryFn: refreshSlots,
      staleTime: 0,
    });
    storeLastSync(new Date());
    return wallet;
  });
}
