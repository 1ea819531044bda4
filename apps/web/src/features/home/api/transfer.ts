import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Moves money between the wallet and game accounts (WALLET or a game code on either side).
const endpoint = routes.wallet.transfer;

export type TransferBody = BodyFor<typeof api.wallet.transfer>;
export type TransferAnswer = ResponseFor<typeof api.wallet.transfer>;

export function transfer(input: {
  body: TransferBody;
  idempotencyKey: string;
}): Promise<TransferAnswer> {
  return callApi(endpoint, input);
}

export function useTransfer() {
  return useMutation({ mutationFn: transfer });
}
