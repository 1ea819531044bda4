// The chat section's server calls (decisions 0096, 0097): the inbox lists, a thread (and its
// older pages), the read mark, assigning and closing, replies, the agents' notes and the
// reply templates. live-socket.ts patches the same lists and threads by these keys.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { callApi, type ApiAnswer, type CallOptions } from '@/lib/api';
import type { MutationCallbacks } from '@/lib/mutation';

const r = routes.operatorChat;

export type ThreadAnswer = ApiAnswer<typeof r.thread>;
export type ListQuery = NonNullable<CallOptions<typeof r.conversations>['query']>;
export type ReplyBody = CallOptions<typeof r.reply>['body'];
export type TemplateBody = CallOptions<typeof r.createTemplate>['body'];

export const LIST_PAGE_SIZE = 50;
export const THREAD_PAGE = 30;

export const keys = {
  all: ['chat'] as const,
  lists: ['chat', 'conversations'] as const,
  /** The address, when there is one, is the key's fifth part (./live-socket.ts reads it). */
  list: (view: ListQuery['view'], status: ListQuery['status'], address: string | undefined) =>
    ['chat', 'conversations', view, status, ...(address ? [address] : [])] as const,
  thread: (conversationId: string) => ['chat', 'thread', conversationId] as const,
  templates: ['chat', 'templates'] as const,
};

export const useConversations = (
  view: NonNullable<ListQuery['view']>,
  status: NonNullable<ListQuery['status']>,
  address: string | undefined,
  pollMs: number | false,
) =>
  useQuery({
    queryKey: keys.list(view, status, address),
    queryFn: ({ signal }) =>
      callApi(r.conversations, {
        query: { view, status, page: 1, pageSize: LIST_PAGE_SIZE, ...(address ? { address } : {}) },
        signal,
      }),
    refetchInterval: pollMs,
  });

export const useThread = (conversationId: string, pollMs: number | false) =>
  useQuery({
    queryKey: keys.thread(conversationId),
    queryFn: ({ signal }) =>
      callApi(r.thread, { params: { conversationId }, query: { limit: THREAD_PAGE }, signal }),
    refetchInterval: pollMs,
  });

/** A page of older messages (before a message id); kept by the thread, not the cache. */
export const useOlderMessages = (
  conversationId: string,
  callbacks: MutationCallbacks<ThreadAnswer, string>,
) =>
  useMutation({
    mutationFn: (before: string) =>
      callApi(r.thread, { params: { conversationId }, query: { before, limit: THREAD_PAGE } }),
    ...callbacks,
  });

/** Refreshes the open thread and the inbox lists (after an assignment or a close). */
export function useRefreshThread(conversationId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: keys.thread(conversationId) });
    void client.invalidateQueries({ queryKey: keys.lists });
  };
}

export function useMarkRead(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(r.markRead, { params: { conversationId }, body: {} }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.lists }),
  });
}

export const useAssign = (
  conversationId: string,
  callbacks: MutationCallbacks<ApiAnswer<typeof r.assign>, number | null>,
) =>
  useMutation({
    mutationFn: (operatorId: number | null) =>
      callApi(r.assign, { params: { conversationId }, body: { operatorId } }),
    ...callbacks,
  });

export const useCloseConversation = (
  conversationId: string,
  callbacks: MutationCallbacks<ApiAnswer<typeof r.close>>,
) =>
  useMutation({
    mutationFn: () => callApi(r.close, { params: { conversationId }, body: {} }),
    ...callbacks,
  });

/** Sends a reply (the composer keeps each pending message's own state and retries). */
export const sendReply = (conversationId: string, body: ReplyBody) =>
  callApi(r.reply, { params: { conversationId }, body });

export function useAddChatNote(
  conversationId: string,
  callbacks: MutationCallbacks<ApiAnswer<typeof r.addNote>, string>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      callApi(r.addNote, { params: { conversationId }, body: { text: note } }),
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: keys.thread(conversationId) });
    },
  });
}

export const useTemplates = () =>
  useQuery({
    queryKey: keys.templates,
    queryFn: ({ signal }) => callApi(r.templates, { signal }),
  });

export function useCreateTemplate(
  callbacks: MutationCallbacks<ApiAnswer<typeof r.createTemplate>, TemplateBody>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateBody) => callApi(r.createTemplate, { body }),
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: keys.templates });
    },
    onError: callbacks.onError,
  });
}

export function useDeleteTemplate(
  callbacks: MutationCallbacks<ApiAnswer<typeof r.deleteTemplate>, number>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (templateId: number) => callApi(r.deleteTemplate, { params: { templateId } }),
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: keys.templates });
    },
    onError: callbacks.onError,
  });
}
