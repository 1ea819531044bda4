import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Whether a turnover condition is open, and its kind (bonus kinds first, decision 0071).
const endpoint = routes.bonus.checkActive;

export type ActiveBonusAnswer = ResponseFor<typeof api.bonus.checkActive>;

export function checkActiveBonus(): Promise<ActiveBonusAnswer> {
  return callApi(endpoint);
}

export const getActiveBonusQueryOptions = () =>
  queryOptions({ queryKey: ['bonus', 'active'], queryFn: checkActiveBonus, staleTime: 10_000 });

export function useActiveBonus() {
  return useQuery(getActiveBonusQueryOptions());
}
