import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { walletQueryKey } from '@/lib/api/get-wallet';
import { toSatang } from '@/lib/money';

// The member's open turnover conditions and their progress (decision 0071): read by the bonus
// page, the home's progress card and the withdraw dialog (what a withdrawal takes back).
const endpoint = routes.bonus.turnover;

export type TurnoverAnswer = ResponseFor<typeof api.bonus.turnover>;
export type TurnoverGrant = TurnoverAnswer['grants'][number];

export function getTurnover(): Promise<TurnoverAnswer> {
  return callApi(endpoint);
}

/** Names are in the member's language: the locale is part of the key. */
export const turnoverQueryKey = ['bonus', 'turnover'] as const;

export const getTurnoverQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: [...turnoverQueryKey, locale],
    queryFn: getTurnover,
    staleTime: 10_000,
  });

/** Its turnover is met: the server ends such a grant when it reads it (decision 0072). */
export const isMetGrant = (grant: TurnoverGrant): boolean =>
  toSatang(grant.played) >= toSatang(grant.required);

/** Met grants already asked about again, so a server that keeps answering one is not re-asked. */
const askedAgain = new Set<string>();

/**
 * `enabled: false` holds the call back (the home asks only once the wallet has loaded). An
 * answer that shows a grant met (100%) is asked again at once, with the bonus page's list and
 * active check and the wallet: the read ended it, so the member sees it ended without a second
 * reload (issue 26).
 */
export function useTurnover(locale: string, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...getTurnoverQueryOptions(locale), enabled });
  const data = query.data;
  useEffect(() => {
    const met = (data?.grants ?? []).filter(isMetGrant).map((grant) => grant._id);
    const fresh = met.filter((id) => !askedAgain.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) askedAgain.add(id);
    void queryClient.invalidateQueries({ queryKey: ['bonus'] });
    void queryClient.invalidateQueries({ queryKey: walletQueryKey });
  }, [data, queryClient]);
  return query;
}
