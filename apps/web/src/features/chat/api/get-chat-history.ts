import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// History, newest first, 10 per page (spec sections 7 and 9). The server scopes it to the
// caller's own identity (token or signed guest id), never to the ids in the body.
const endpoint = routes.chat.history;

export type ChatHistoryBody = BodyFor<typeof api.chat.history>;
export type ChatHistory = ResponseFor<typeof api.chat.history>;

export function getChatHistory(body: ChatHistoryBody): Promise<ChatHistory> {
  return callApi(endpoint, { body });
}
