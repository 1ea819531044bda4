import { useMutation } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Redeems a gift link. The link is encrypted in the browser first (decision 0030); the
// cipher code loads only here, on the first send.
const endpoint = routes.wallet.truelink;

export type RedeemGiftLinkAnswer = ResponseFor<typeof api.wallet.truelink>;

export async function redeemGiftLink(input: {
  link: string;
  idempotencyKey: string;
}): Promise<RedeemGiftLinkAnswer> {
  const { encryptGiftLink } = await import('@/features/deposit/lib/gift-link-crypto');
  return callApi(endpoint, {
    body: { link: encryptGiftLink(input.link) },
    idempotencyKey: input.idempotencyKey,
  });
}

export function useRedeemGiftLink() {
  return useMutation({ mutationFn: redeemGiftLink });
}
