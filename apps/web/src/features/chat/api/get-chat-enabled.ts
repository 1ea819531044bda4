import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// The operator's chat on/off setting (spec section 7 lookups: enableChatWidget), read only
// when the build has a chat backend (build-options.ts, decision 0100).
const endpoint = routes.lookup.enableChatWidget;

export type ChatEnabled = ResponseFor<typeof api.lookup.enableChatWidget>;

export function getChatEnabled(): Promise<ChatEnabled> {
  return callApi(endpoint);
}
