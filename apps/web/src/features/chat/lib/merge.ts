// One list of messages, oldest first, whatever order history pages, socket events and the
// member's own sends arrive in: a message is the same message when its server id or its
// client message id matches, so an echo never shows twice (decision 0100). The server's copy
// wins over the optimistic one but keeps the local delivery state's key.
import type { ChatMessage } from '@wallet/contract/client';

function time(message: ChatMessage): number {
  const parsed = message.createdAt ? Date.parse(message.createdAt) : NaN;
  return Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed;
}

/** Messages without a server time (still being sent) sort last, in the order they came. */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  const delta = time(a) - time(b);
  if (delta !== 0 && !Number.isNaN(delta)) return delta;
  return 0;
}

export function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  if (a._id && b._id && a._id === b._id) return true;
  return Boolean(a.clientMessageId && b.clientMessageId && a.clientMessageId === b.clientMessageId);
}

/** Merges `incoming` into `current` (both any order); returns a new list, oldest first. */
export function mergeChatMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const result = [...current];
  for (const message of incoming) {
    const at = result.findIndex((existing) => sameMessage(existing, message));
    if (at === -1) {
      result.push(message);
    } else {
      const existing = result[at]!;
      // The server's copy (it has an id) replaces the optimistic one, never the reverse.
      if (message._id || !existing._id) {
        result[at] = {
          ...message,
          clientMessageId: message.clientMessageId ?? existing.clientMessageId,
        };
      }
    }
  }
  // A stable sort keeps equal times (and unsent messages) in arrival order.
  return result
    .map((message, index) => ({ message, index }))
    .sort((a, b) => compareMessages(a.message, b.message) || a.index - b.index)
    .map(({ message }) => message);
}
