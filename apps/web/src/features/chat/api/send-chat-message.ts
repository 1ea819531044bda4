import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// One message of the member or visitor (spec section 7); the caller delays it 500 ms.
const endpoint = routes.chat.send;

export type SendChatMessageBody = BodyFor<typeof api.chat.send>;
export type SendChatMessageAnswer = ResponseFor<typeof api.chat.send>;

export function sendChatMessage(body: SendChatMessageBody): Promise<SendChatMessageAnswer> {
  return callApi(endpoint, { body });
}
