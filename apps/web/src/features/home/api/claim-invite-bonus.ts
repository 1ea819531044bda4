import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { walletQueryKey } from '@/lib/api/get-wallet';
import { invitesQueryKey } from '@/features/home/api/get-invites';

// Moves the claimable invite bonus into the wallet (GET /api/invite/bonus); it opens a
// turnover condition (decision 0071). Each invite reward is paid once whatever the retries.
const endpoint = routes.invite.claim;

export type ClaimInviteBonusAnswer = ResponseFor<typeof api.invite.claim>;

export function claimInviteBonus(): Promise<ClaimInviteBonusAnswer> {
  return callApi(endpoint);
}

export function useClaimInviteBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimInviteBonus,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletQueryKey }),
        queryClient.invalidateQueries({ queryKey: invitesQueryKey }),
      ]);
    },
  });
}
