import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Fixes the registered bank account name (English for KTB, TMB and BBL).
const endpoint = routes.account.updateBankAccountName;

export type BankAccountNameBody = BodyFor<typeof api.account.updateBankAccountName>;
export type BankAccountNameAnswer = ResponseFor<typeof api.account.updateBankAccountName>;

export function updateBankAccountName(body: BankAccountNameBody): Promise<BankAccountNameAnswer> {
  return callApi(endpoint, { body });
}

export function useUpdateBankAccountName() {
  return useMutation({ mutationFn: updateBankAccountName });
}
