// The support chat widget (spec section 2; decision 0100): a floating button with a small
// invite bubble, on the public and the member pages when the operator's enableChatWidget is
// on. A press turns the button (skipped under prefers-reduced-motion), then toggles the
// panel, which loads on demand with the socket client. "Ask about this" elsewhere in the app
// opens the panel with the item attached (lib/chat-launcher.ts).
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ChatIcon, CloseIcon } from '@/components/icons';
import { useI18n } from '@/i18n/use-i18n';
import { registerChatHandler, type ChatContextRequest } from '@/lib/chat-launcher';
import type { ChatController } from '@/features/chat/lib/chat-controller';
import { getChatEnabled } from '@/features/chat/api/get-chat-enabled';
import './chat-widget.css';

const loadPanel = () => import('@/features/chat/components/chat-panel');
const ChatPanel = lazy(() => loadPanel().then((m) => ({ default: m.ChatPanel })));

/** The button's turn before the panel toggles (chat-widget.css). */
export const ROTATION_MS = 300;

/**
 * How long the invite bubble stays (decision 0109). At 360 px it spans most of the width
 * above the bottom menu, over the page's own buttons, so it folds away by itself, or at the
 * member's first press anywhere else; the round button stays.
 */
export const INVITE_MS = 6000;

const reducedMotion = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export function ChatWidget() {
  const { t } = useI18n();
  const [enabled, setEnabled] = useState(false);
  const [open, setOpen] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [invite, setInvite] = useState(true);
  const [chat, setChat] = useState<ChatController | null>(null);
  const [contexts, setContexts] = useState<ChatContextRequest[]>([]);
  const [seenArrivals, setSeenArrivals] = useState(0);
  const [arrivals, setArrivals] = useState(0);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const chatRef = useRef<ChatController | null>(null);
  const rotateTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let live = true;
    getChatEnabled()
      .then((answer) => live && setEnabled(answer.enableChatWidget === true))
      .catch(() => live && setEnabled(false));
    return () => {
      live = false;
    };
  }, []);

  /** Creates the conversation once (the first open), then keeps it for the page's life. */
  const ensureChat = useCallback(async () => {
    if (chatRef.current) return;
    const { createChat } = await loadPanel();
    if (chatRef.current) return;
    const created = createChat();
    chatRef.current = created;
    setChat(created);
    void created.start();
  }, []);

  useEffect(
    () => () => {
      chatRef.current?.dispose();
      chatRef.current = null;
      if (rotateTimer.current) clearTimeout(rotateTimer.current);
    },
    [],
  );

  // Agent messages while the panel is closed: a dot on the button.
  useEffect(() => {
    if (!chat) return;
    return chat.subscribe(() => setArrivals(chat.getState().arrivals));
  }, [chat]);
  useEffect(() => {
    if (open) setSeenArrivals(arrivals);
  }, [open, arrivals]);

  const setPanel = useCallback(
    (next: boolean) => {
      if (next) void ensureChat();
      setInvite(false);
      if (reducedMotion()) {
        setOpen(next);
        return;
      }
      setRotating(true);
      if (rotateTimer.current) clearTimeout(rotateTimer.current);
      rotateTimer.current = setTimeout(() => {
        setRotating(false);
        setOpen(next);
      }, ROTATION_MS);
    },
    [ensureChat],
  );

  useEffect(() => {
    if (!enabled) return;
    return registerChatHandler((request) => {
      setContexts((queued) => [...queued, request]);
      void ensureChat();
      setInvite(false);
      setOpen(true);
    });
  }, [enabled, ensureChat]);

  // The invite folds away after INVITE_MS, or at the first press outside the widget.
  const widgetRef = useRef<HTMLDivElement>(null);
  const inviting = enabled && invite;
  useEffect(() => {
    if (!inviting) return;
    const fold = () => setInvite(false);
    const timer = setTimeout(fold, INVITE_MS);
    const onPress = (event: PointerEvent) => {
      if (!widgetRef.current?.contains(event.target as Node)) fold();
    };
    window.addEventListener('pointerdown', onPress, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerdown', onPress);
    };
  }, [inviting]);

  const onContextsSent = useCallback(() => setContexts([]), []);

  if (!enabled) return null;
  const unread = !open && arrivals > seenArrivals;

  return (
    <div className="chat-widget" data-testid="chat-widget" ref={widgetRef}>
      {invite && !open ? (
        <div className="chat-invite" data-testid="chat-invite">
          <button type="button" className="chat-invite__text" onClick={() => setPanel(true)}>
            {t('chat.invite')}
          </button>
          <button
            type="button"
            className="chat-invite__dismiss"
            aria-label={t('chat.dismissInvite')}
            onClick={() => setInvite(false)}
          >
            <CloseIcon width={14} height={14} />
          </button>
        </div>
      ) : null}
      <button
        ref={launcherRef}
        type="button"
        className={`chat-launcher${rotating ? ' chat-launcher--rotating' : ''}${open ? ' chat-launcher--open' : ''}`}
        aria-label={open ? t('chat.close') : t('chat.open')}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setPanel(!open)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        data-testid="chat-launcher"
      >
        {open ? <CloseIcon /> : <ChatIcon />}
        {unread ? <span className="chat-launcher__dot" data-testid="chat-unread" /> : null}
      </button>
      {open && chat ? (
        <Suspense fallback={null}>
          <ChatPanel
            chat={chat}
            onClose={() => setPanel(false)}
            contexts={contexts}
            onContextsSent={onContextsSent}
            launcherRef={launcherRef}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
