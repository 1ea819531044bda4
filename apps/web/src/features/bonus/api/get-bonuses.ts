import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The member's bonuses (spec sections 2 and 7): cards with banners, names and terms.
const endpoint = routes.bonus.list;

export type BonusesAnswer = ResponseFor<typeof api.bonus.list>;
export type BonusItem = BonusesAnswer[number];

export function getBonuses(): Promise<BonusesAnswer> {
  return callApi(endpoint);
}

/** Operator content: keyed by locale. */
export const getBonusesQueryOptions = (locale: string) =>
  queryOptions({ queryKey: ['bonus', 'list', locale], queryFn: getBonuses, staleTime: 10_000 });

export function useBonuses(locale: string) {
  return useQuery(getBonusesQueryOptions(locale));
}
