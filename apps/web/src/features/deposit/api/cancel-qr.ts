import { useMutation } from '@tanstack/react-query';
import { buildPath, type api, type ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { apiRequest } from '@/lib/api-client';

// Cancels an open QR.
const endpoint = routes.qr.cancel;

export type CancelQrAnswer = ResponseFor<typeof api.qr.cancel>;

export function cancelQr(qrcodeId: string): Promise<CancelQrAnswer> {
  return apiRequest<CancelQrAnswer>({ ...endpoint, path: buildPath(endpoint.path, { qrcodeId }) });
}

export function useCancelQr() {
  return useMutation({ mutationFn: cancelQr });
}
