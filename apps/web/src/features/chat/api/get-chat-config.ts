import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The room prefix and a freshly signed guest id (spec section 7; decision 0095).
const endpoint = routes.chat.config;

export type ChatConfig = ResponseFor<typeof api.chat.config>;

export function getChatConfig(): Promise<ChatConfig> {
  return callApi(endpoint);
}
