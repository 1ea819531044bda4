import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { refreshAfterBonusChange } from '@/features/bonus/lib/refresh';

// End the active bonus (decision 0071): BONUS_CLEAR, or BONUS_CONDITION while the balance
// is not below the threshold.
const endpoint = routes.bonus.clear;

export type ClearBonusAnswer = ResponseFor<typeof api.bonus.clear>;

export function clearBonus(): Promise<ClearBonusAnswer> {
  return callApi(endpoint);
}

export function useClearBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearBonus,
    onSettled: () => refreshAfterBonusChange(queryClient),
  });
}
