import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The member's current QR for one gateway bank (none, or the open one with its expiry).
const endpoint = routes.qr.get;

export type QrState = ResponseFor<typeof api.qr.get>;

/**
 * The bank's latest QR was paid (decision 0054): no open QR, but the paid one's id and
 * amount, and `paidAt`.
 */
export const isPaidQr = (state: QrState): boolean =>
  !state.hasQrcode && state.qrcodeId !== null && typeof state.paidAt === 'string';

export function getQr(bankCode: string): Promise<QrState> {
  return callApi(endpoint, { params: { bankCode } });
}

export const qrQueryKeyRoot = ['qr'] as const;
export const qrQueryKey = (bankCode: string) => [...qrQueryKeyRoot, bankCode] as const;

export const getQrQueryOptions = (bankCode: string) =>
  queryOptions({
    queryKey: qrQueryKey(bankCode),
    queryFn: () => getQr(bankCode),
    // The countdown runs from when the answer arrived; a background refetch would restart it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useQr(bankCode: string) {
  return useQuery(getQrQueryOptions(bankCode));
}
