import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { apiRequest } from '@/lib/api-client';

// The member's open turnover conditions and their progress (decision 0071): read by the bonus
// page, the home's progress card and the withdraw dialog (what a withdrawal takes back).
const endpoint = routes.bonus.turnover;

export type TurnoverAnswer = ResponseFor<typeof api.bonus.turnover>;
export type TurnoverGrant = TurnoverAnswer['grants'][number];

export function getTurnover(): Promise<TurnoverAnswer> {
  return apiRequest<TurnoverAnswer>(endpoint);
}

/** Names are in the member's language: the locale is part of the key. */
export const turnoverQueryKey = ['bonus', 'turnover'] as const;

export const getTurnoverQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: [...turnoverQueryKey, locale],
    queryFn: getTurnover,
    staleTime: 10_000,
  });

/** `enabled: false` holds the call back (the home asks only once the wallet has loaded). */
export function useTurnover(locale: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getTurnoverQueryOptions(locale), enabled });
}
