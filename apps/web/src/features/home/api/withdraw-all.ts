import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The withdraw dialog's call (spec section 7: withdrawAll with amount; /withdraw is unused).
const endpoint = routes.wallet.withdrawAll;

export type WithdrawAllBody = BodyFor<typeof api.wallet.withdrawAll>;
export type WithdrawAllAnswer = ResponseFor<typeof api.wallet.withdrawAll>;

export function withdrawAll(input: {
  body: WithdrawAllBody;
  idempotencyKey: string;
}): Promise<WithdrawAllAnswer> {
  return callApi(endpoint, input);
}

export function useWithdrawAll() {
  return useMutation({ mutationFn: withdrawAll });
}
