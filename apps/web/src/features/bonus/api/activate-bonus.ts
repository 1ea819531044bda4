import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { refreshAfterBonusChange } from '@/features/bonus/lib/refresh';

// Receive a bonus by its code (decision 0071): credits it and opens its turnover condition.
const endpoint = routes.bonus.activate;

export type ActivateBonusAnswer = ResponseFor<typeof api.bonus.activate>;

export function activateBonus(code: string): Promise<ActivateBonusAnswer> {
  return callApi(endpoint, { params: { code } });
}

export function useActivateBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateBonus,
    onSettled: () => refreshAfterBonusChange(queryClient),
  });
}
