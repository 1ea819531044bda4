import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import { takeEarly } from '@/lib/api/early-requests';

// The member home's data: profile, bank account, wallet, invite bonus and game accounts
// (also read by the statement for the games' names).
const endpoint = routes.wallet.get;

export type WalletAnswer = ResponseFor<typeof api.wallet.get>;
export type GameAccount = WalletAnswer['slots'][number];

/** The first read takes the answer index.html's early request got, if usable (0148, 0156). */
export async function getWallet(): Promise<WalletAnswer> {
  return (await takeEarly<WalletAnswer>(endpoint.path)) ?? callApi(endpoint);
}

export const walletQueryKey = ['wallet'] as const;

export const getWalletQueryOptions = () =>
  queryOptions({ queryKey: walletQueryKey, queryFn: getWallet, staleTime: 10_000 });

export function useWallet() {
  return useQuery(getWalletQueryOptions());
}
