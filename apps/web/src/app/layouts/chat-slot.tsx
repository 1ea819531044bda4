// Where the support chat widget sits in both shells (decision 0100). The widget, its texts
// and its lookup load once the page is idle and the member interacts (or a few seconds
// pass: lib/when-engaged.ts), so the first load of /login and /user/home carries none of it;
// a build without chat (VITE_CHAT_BACKEND=off) drops it altogether.
import { lazy, Suspense, useEffect, useState } from 'react';
import { buildOptions } from '@/config/build-options';
import { withChatMessages } from '@/i18n/i18n';
import { whenEngaged } from '@/lib/when-engaged';

const ChatWidget =
  buildOptions.chatBackend === null
    ? null
    : lazy(
        withChatMessages(() =>
          import('@/features/chat/components/chat-widget').then((m) => ({
            default: m.ChatWidget,
          })),
        ),
      );

/**
 * True once the page is idle and then either the member interacts or a few seconds pass
 * (`whenEngaged`): the widget is not part of the first load (its code and texts would compete
 * with the page's own first render; the "facade" pattern for chat widgets), yet it is there
 * before anyone looks for it.
 */
function useReadyForChat(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenEngaged(() => setReady(true)), []);
  return ready;
}

export function ChatSlot() {
  const ready = useReadyForChat();
  if (!ChatWidget || !ready) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
