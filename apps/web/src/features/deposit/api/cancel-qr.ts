import { useMutation } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Cancels an open QR.
const endpoint = routes.qr.cancel;

export type CancelQrAnswer = ResponseFor<typeof api.qr.cancel>;

export function cancelQr(qrcodeId: string): Promise<CancelQrAnswer> {
  return callApi(endpoint, { params: { qrcodeId } });
}

export function useCancelQr() {
  return useMutation({ mutationFn: cancelQr });
}
