import { useMutation } from '@tanstack/react-query';
import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Creates a PromptPay QR for an amount (a money call: one Idempotency-Key per action).
const endpoint = routes.qr.create;

export type CreateQrBody = BodyFor<typeof api.qr.create>;
export type CreateQrAnswer = ResponseFor<typeof api.qr.create>;

export function createQr(input: {
  bankCode: string;
  body: CreateQrBody;
  idempotencyKey: string;
}): Promise<CreateQrAnswer> {
  return callApi(endpoint, {
    params: { bankCode: input.bankCode },
    body: input.body,
    idempotencyKey: input.idempotencyKey,
  });
}

export function useCreateQr() {
  return useMutation({ mutationFn: createQr });
}
