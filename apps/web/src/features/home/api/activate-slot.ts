import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { walletQueryKey, type WalletAnswer } from '@/lib/api/get-wallet';

// Opens a game account (spec section 4: inactive -> active).
const endpoint = routes.wallet.activate;

export type ActivateSlotAnswer = ResponseFor<typeof api.wallet.activate>;

export function activateSlot(code: string): Promise<ActivateSlotAnswer> {
  return callApi(endpoint, { params: { code } });
}

export function useActivateSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateSlot,
    onSuccess: (slot) => {
      // Show the opened account at once, then reload the wallet from the server.
      queryClient.setQueryData<WalletAnswer>(walletQueryKey, (wallet) =>
        wallet
          ? {
              ...wallet,
              slots: wallet.slots.map((item) => (item.code === slot.code ? slot : item)),
            }
          : wallet,
      );
      return queryClient.invalidateQueries({ queryKey: walletQueryKey });
    },
  });
}
