// Where the support chat widget sits in both shells (decision 0100). The widget, its texts
// and its lookup load once the page is idle and the member interacts (or a few seconds
// pass), so the first load of /login and /user/home carries none of it; a build without chat (VITE_CHAT_BACKEND=off) drops it altogether.
import { lazy, Suspense, useEffect, useState } from 'react';
import { buildOptions } from '@/config/build-options';
import { withChatMessages } from '@/i18n/i18n';

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

/** Until the member does something, the widget waits this long after the page went idle. */
const QUIET_DELAY_MS = 4000;
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * True once the page is idle and then either the member interacts or a few seconds pass: the
 * widget is not part of the first load (its code and texts would compete with the page's own
 * first render; the "facade" pattern for chat widgets), yet it is there before anyone looks
 * for it.
 */
function useReadyForChat(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idleHandle: number | undefined;
    const done = () => setReady(true);
    const listen = () => {
      for (const type of INTERACTIONS)
        window.addEventListener(type, done, { once: true, passive: true });
      timer = setTimeout(done, QUIET_DELAY_MS);
    };
    if ('requestIdleCallback' in window)
      idleHandle = window.requestIdleCallback(listen, { timeout: 3000 });
    else timer = setTimeout(listen, 1500);
    return () => {
      if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
      clearTimeout(timer);
      for (const type of INTERACTIONS) window.removeEventListener(type, done);
    };
  }, []);
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
