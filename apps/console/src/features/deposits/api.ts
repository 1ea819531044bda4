// The deposits section's calls (decision 0091): three lists and the two slip decisions.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { callApi, type ApiAnswer, type CallOptions } from '@/lib/api';

const group = routes.operatorDeposits;

export type QrQuery = NonNullable<CallOptions<typeof group.qr>['query']>;
export type SlipQuery = NonNullable<CallOptions<typeof group.slips>['query']>;
export type GiftQuery = NonNullable<CallOptions<typeof group.giftLinks>['query']>;
export type QrRow = ApiAnswer<typeof group.qr>['rows'][number];
export type SlipRow = ApiAnswer<typeof group.slips>['rows'][number];
export type GiftRow = ApiAnswer<typeof group.giftLinks>['rows'][number];

export const PAGE_SIZE = 25;
export const depositsKey = ['deposits'] as const;
export const keys = {
  all: depositsKey,
  qr: (query: QrQuery) => [...depositsKey, 'qr', query] as const,
  slips: (query: SlipQuery) => [...depositsKey, 'slips', query] as const,
  gifts: (query: GiftQuery) => [...depositsKey, 'gifts', query] as const,
};

/** Refreshes every deposits list (after a slip decision, or a 409: decided elsewhere). */
export function useRefreshDeposits() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}

export function useQrPage(query: QrQuery) {
  return useQuery({
    queryKey: keys.qr(query),
    queryFn: ({ signal }) => callApi(group.qr, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSlipPage(query: SlipQuery) {
  return useQuery({
    queryKey: keys.slips(query),
    queryFn: ({ signal }) => callApi(group.slips, { query, signal }),
    placeholderData: keepPreviousData,
    // The image links live 5 minutes: a list on screen signs new ones before they end.
    refetchInterval: 4 * 60_000,
  });
}

export function useGiftPage(query: GiftQuery) {
  return useQuery({
    queryKey: keys.gifts(query),
    queryFn: ({ signal }) => callApi(group.giftLinks, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function approveSlip(reference: string, body: { amount?: number; reason?: string }) {
  return callApi(group.approveSlip, { params: { reference }, body });
}

export function rejectSlip(
  reference: string,
  body: {
    code:
      'NOT_MATCH' | 'INVALID_SLIP' | 'EXPIRED_SLIP' | 'DEST_ACC_INVALID' | 'SLIP_REFNO_DUPLICATED';
    note: string;
  },
) {
  return callApi(group.rejectSlip, { params: { reference }, body });
}
