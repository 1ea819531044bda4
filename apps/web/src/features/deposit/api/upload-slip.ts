import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { uploadFile } from '@/lib/upload';

// Uploads a slip image (multipart field `file`, 300000 ms, Idempotency-Key), with progress.
const endpoint = routes.wallet.slip;

export type UploadSlipAnswer = ResponseFor<typeof api.wallet.slip>;

export function uploadSlip(input: {
  file: File;
  idempotencyKey: string;
  onProgress: (fraction: number) => void;
  onSent: () => void;
  signal?: AbortSignal;
}): Promise<UploadSlipAnswer> {
  return uploadFile(endpoint, {
    file: input.file,
    fileName: input.file.name,
    field: 'file',
    idempotencyKey: input.idempotencyKey,
    onProgress: input.onProgress,
    onSent: input.onSent,
    signal: input.signal,
  });
}
