import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Moves the whole wallet into one game account.
const endpoint = routes.wallet.transferAll;

export type TransferAllBody = BodyFor<typeof api.wallet.transferAll>;
export type TransferAllAnswer = ResponseFor<typeof api.wallet.transferAll>;

export function transferAll(input: {
  body: TransferAllBody;
  idempotencyKey: string;
}): Promise<TransferAllAnswer> {
  return callApi(endpoint, input);
}

export function useTransferAll() {
  return useMutation({ mutationFn: transferAll });
}
