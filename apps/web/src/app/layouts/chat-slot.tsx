// Where the support chat widget sits in both shells (decision 0100). The widget, its texts
// and its lookup load once the page is idle, so the first load of /login and /user/home
// carries none of it; a build without chat (VITE_CHAT_BACKEND=off) drops it altogether.
import { lazy, Suspense, useEffect, useState } from 'react';
import { buildOptions } from '@/config/build-options';
import { withExtraMessages } from '@/i18n/i18n';

const ChatWidget =
  buildOptions.chatBackend === null
    ? null
    : lazy(
        withExtraMessages(() =>
          import('@/features/chat/components/chat-widget').then((m) => ({
            default: m.ChatWidget,
          })),
        ),
      );

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(done, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(done, 1500);
    return () => clearTimeout(timer);
  }, []);
  return idle;
}

export function ChatSlot() {
  const idle = useIdle();
  if (!ChatWidget || !idle) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
