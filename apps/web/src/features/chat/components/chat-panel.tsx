// The chat panel (spec section 2): a dialog with a header (title, reload, close), the
// conversation and the composer. Full screen and modal at 360 px (focus stays inside), a
// floating card beside the page on wider screens. Loaded on demand with the socket client
// (the first load of /login and /user/home carries none of it: decision 0100).
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useId,
  useMemo,
  useRef,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import { wrapTab } from '@wallet/client/focus-trap';
import { storageKeys } from '@/config/storage-keys';
import { CloseIcon, Icon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { useBackLayer } from '@/hooks/use-back-layer';
import { useI18n } from '@/i18n/use-i18n';
import { newIdempotencyKey } from '@/lib/idempotency';
import type { ChatContextRequest } from '@/lib/chat-launcher';
import { getToken } from '@/lib/session';
import { readItem, writeItem } from '@/lib/storage';
import { chatApi } from '@/features/chat/api/chat-api';
import { ChatController } from '@/features/chat/lib/chat-controller';
import { connectChatSocket } from '@/features/chat/lib/chat-socket';
import { Composer } from '@/features/chat/components/composer';
import { MessageList } from '@/features/chat/components/message-list';
import type { MessageActions } from '@/features/chat/components/message-view';
import './chat-panel.css';

/** A guest id as the server signs it (decision 0095); anything else is not kept. */
const GUEST_ID = /^g\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

export function createChat(): ChatController {
  return new ChatController({
    api: chatApi,
    connectSocket: connectChatSocket,
    getToken,
    readGuestId: () => {
      const stored = readItem('local', storageKeys.guestId);
      return stored && GUEST_ID.test(stored) ? stored : null;
    },
    writeGuestId: (guestId) => writeItem('local', storageKeys.guestId, guestId),
    newId: newIdempotencyKey,
    previewUrl: (file) =>
      typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined,
    revokeUrl: (url) => URL.revokeObjectURL?.(url),
  });
}

const MOBILE = '(max-width: 480px)';

function useIsMobile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia?.(MOBILE);
      query?.addEventListener?.('change', listener);
      return () => query?.removeEventListener?.('change', listener);
    },
    () => window.matchMedia?.(MOBILE).matches ?? false,
    () => false,
  );
}

export function ChatPanel({
  chat,
  onClose,
  contexts,
  onContextsSent,
  launcherRef,
}: {
  chat: ChatController;
  onClose: () => void;
  /** "Ask about this" items waiting for the chat to be ready. */
  contexts: readonly ChatContextRequest[];
  onContextsSent: () => void;
  launcherRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useI18n();
  const state = useSyncExternalStore(chat.subscribe, chat.getState, chat.getState);
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const mobile = useIsMobile();

  // Back (browser or Android) closes the panel, not the page (lib/back-layers.ts).
  useBackLayer(onClose);

  // Focus moves in, and back to the chat button when the panel closes. In a layout effect: focus moves in the commit that shows the content, not a frame later
  // (Preact runs plain effects after the next paint; a key pressed meanwhile went elsewhere:
  // decision 0158).
  useLayoutEffect(() => {
    const launcher = launcherRef.current;
    (inputRef.current ?? panelRef.current)?.focus();
    return () => launcher?.focus();
  }, [launcherRef]);

  // Mark-as-read only while the panel is on screen and the tab is visible.
  useEffect(() => {
    const update = () => chat.setVisible(document.visibilityState === 'visible');
    update();
    document.addEventListener('visibilitychange', update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      chat.setVisible(false);
    };
  }, [chat]);

  useEffect(() => {
    if (state.phase !== 'ready' || contexts.length === 0) return;
    for (const context of contexts) chat.sendContext(context.kind, context.ref);
    onContextsSent();
  }, [chat, contexts, onContextsSent, state.phase]);

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
        return;
      }
      // Modal at 360 px: Tab stays inside.
      if (mobile && panelRef.current) wrapTab(panelRef.current, event);
    },
    [mobile, onClose],
  );

  const actions: MessageActions = useMemo(
    () => ({
      sendText: (text) => void chat.sendText(text),
      sendPostback: (title, payload) => void chat.sendPostback(title, payload),
      resend: (key) => chat.resend(key),
      remove: (key) => chat.remove(key),
    }),
    [chat],
  );

  return (
    <div
      ref={panelRef}
      className="chat-panel"
      role="dialog"
      aria-modal={mobile ? 'true' : undefined}
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="chat-panel"
      data-phase={state.phase}
      data-connected={state.connected}
    >
      <header className="chat-panel__header">
        <h2 id={titleId} className="chat-panel__title">
          {t('chat.title')}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('chat.reload')}
          onClick={() => void chat.start()}
          disabled={state.phase === 'starting'}
          data-testid="chat-reload"
        >
          <Icon width="22" height="22">
            <path d="M20 12a8 8 0 1 1-2.3-5.7" />
            <path d="M20 4v4.5h-4.5" />
          </Icon>
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('chat.close')}
          onClick={onClose}
          data-testid="chat-close"
        >
          <CloseIcon />
        </button>
      </header>
      {state.phase === 'failed' ? (
        <div className="chat-panel__failed" data-testid="chat-cannot-start">
          <p role="alert">{t('chat.cannotStart')}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void chat.start()}
          >
            {t('chat.retry')}
          </button>
        </div>
      ) : state.phase === 'starting' && state.entries.length === 0 ? (
        <div className="chat-panel__starting">
          <Spinner />
        </div>
      ) : (
        <MessageList state={state} actions={actions} onLoadOlder={() => void chat.loadOlder()} />
      )}
      <Composer
        ref={inputRef}
        disabled={state.phase !== 'ready'}
        onSend={(text) => chat.sendText(text)}
        onFile={(file) => chat.sendFile(file)}
      />
    </div>
  );
}
