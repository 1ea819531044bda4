import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// Mark support messages as read (spec section 7), debounced 1 s by the caller.
const endpoint = routes.chat.readCustomer;

export type ReadChatBody = BodyFor<typeof api.chat.readCustomer>;
export type ReadChatAnswer = ResponseFor<typeof api.chat.readCustomer>;

export function readChat(body: ReadChatBody): Promise<ReadChatAnswer> {
  return callApi(endpoint, { body });
}
