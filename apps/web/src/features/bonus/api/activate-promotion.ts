import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { refreshAfterBonusChange } from '@/features/bonus/lib/refresh';

// Receive a promotion by its code (upper case in the call, decision 0071).
const endpoint = routes.promotion.activate;

export type ActivatePromotionAnswer = ResponseFor<typeof api.promotion.activate>;

export function activatePromotion(code: string): Promise<ActivatePromotionAnswer> {
  return callApi(endpoint, { params: { code: code.toUpperCase() } });
}

export function useActivatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePromotion,
    onSettled: () => refreshAfterBonusChange(queryClient),
  });
}
