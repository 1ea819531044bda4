// One list of the chat's entries, oldest first, whatever order history pages, socket events and
// the member's own sends arrive in. Which copies are the same message (server id or client
// message id) and which copy wins is the contract's `mergeChatMessages` (decision 0098), the
// one rule every chat client follows; here the entries keep their local delivery state and
// key around it, and messages not yet stored (no server time) stay last in the order they
// were written (decision 0100).
import type { ChatMessage } from '@wallet/contract/client';
import { mergeChatMessages } from '@wallet/contract/client';

/** What the chat shows for one message: the message and its delivery state. */
export interface MergeableEntry {
  key: string;
  message: ChatMessage;
  status: 'uploading_file' | 'sending' | 'failed' | 'succeed';
}

export function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  if (a._id && b._id && a._id === b._id) return true;
  return Boolean(a.clientMessageId && b.clientMessageId && a.clientMessageId === b.clientMessageId);
}

function time(message: ChatMessage): number {
  const parsed = message.createdAt ? Date.parse(message.createdAt) : NaN;
  return Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed;
}

/** By server time; equal times (and unsent messages) keep their order. */
function byTime(a: ChatMessage, b: ChatMessage): number {
  const ta = time(a);
  const tb = time(b);
  return ta === tb ? 0 : ta < tb ? -1 : 1;
}

/**
 * Folds server messages into the entries. A stored copy proves delivery (`succeed`), except
 * for an upload still going; a new message becomes a `succeed` entry keyed by its id.
 * Returns the entries, oldest first, and the messages that were new.
 */
export function mergeEntries<E extends MergeableEntry>(
  current: readonly E[],
  incoming: readonly ChatMessage[],
  make: (message: ChatMessage, index: number) => E,
): { entries: E[]; added: ChatMessage[] } {
  const merged = mergeChatMessages(
    current.map((entry) => entry.message),
    incoming,
  );
  const added: ChatMessage[] = [];
  const order = new Map<E, number>();
  const entries = merged.map((message) => {
    const old = current.find(
      (entry) => entry.message === message || sameMessage(entry.message, message),
    );
    let entry: E;
    if (!old) {
      entry = make(message, current.length + added.length);
      added.push(message);
    } else if (old.message === message) {
      entry = old;
    } else {
      entry = {
        ...old,
        message,
        status: old.status === 'uploading_file' ? old.status : 'succeed',
      };
    }
    order.set(entry, old ? current.indexOf(old) : current.length + added.length);
    return entry;
  });
  entries.sort((a, b) => byTime(a.message, b.message) || order.get(a)! - order.get(b)!);
  return { entries, added };
}
