// "Ask about this" (issue 14): screens outside the chat (statement rows, slips, withdrawals)
// open the chat with an item attached, without importing the chat feature. The widget
// registers as the handler while it is on the page and the chat is on; the buttons show only
// then (decision 0100).

export type ChatContextKind = 'slip' | 'withdrawal' | 'statement';

export interface ChatContextRequest {
  kind: ChatContextKind;
  ref: string;
}

type Handler = (request: ChatContextRequest) => void;

let handler: Handler | null = null;
const listeners = new Set<() => void>();

/** The chat widget takes the requests while it is mounted and enabled. */
export function registerChatHandler(next: Handler): () => void {
  handler = next;
  listeners.forEach((listener) => listener());
  return () => {
    if (handler !== next) return;
    handler = null;
    listeners.forEach((listener) => listener());
  };
}

export function isChatAvailable(): boolean {
  return handler !== null;
}

export function subscribeChatAvailable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the chat and sends the item as a context message. False when no chat is on the page. */
export function askAboutThis(request: ChatContextRequest): boolean {
  if (!handler) return false;
  handler(request);
  return true;
}

/**
 * The element of a shell's top bar that takes the chat button (the member shell, issue 26,
 * decision 0131): there it covers none of the page. Without it (the public shell) the button
 * floats at the bottom right.
 */
export const CHAT_LAUNCHER_SLOT_ID = 'chat-launcher-slot';
