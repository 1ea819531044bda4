import type { QueryClient } from '@tanstack/react-query';
import { walletQueryKey } from '@/lib/api/get-wallet';

/** After a bonus is received or ended: the list, the active check, the turnover and the wallet. */
export function refreshAfterBonusChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['bonus'] }),
    queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  ]);
}
