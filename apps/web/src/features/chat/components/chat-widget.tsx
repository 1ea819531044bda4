// The support chat widget (spec section 2; decision 0100): a floating button with a small
// invite bubble, on the public and the member pages when the operator's enableChatWidget is
// on. A press turns the button (skipped under prefers-reduced-motion), then toggles the
// panel, which loads on demand with the socket client. "Ask about this" elsewhere in the app
// opens the panel with the item attached (lib/chat-launcher.ts).
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { createPortal } from 'react-dom';
import { storageKeys } from '@/config/storage-keys';
import { ChatIcon, CloseIcon } from '@/components/icons';
import { useI18n } from '@/i18n/use-i18n';
import {
  CHAT_LAUNCHER_SLOT_ID,
  registerChatHandler,
  type ChatContextRequest,
} from '@/lib/chat-launcher';
import { readItem, writeItem } from '@/lib/storage';
import type { ChatController } from '@/features/chat/lib/chat-controller';
import { getChatEnabled } from '@/features/chat/api/get-chat-enabled';
import './chat-widget.css';

const loadPanel = () => import('@/features/chat/components/chat-panel');
const ChatPanel = lazy(() => loadPanel().then((m) => ({ default: m.ChatPanel })));

/** The button's turn before the panel toggles (chat-widget.css). */
export const ROTATION_MS = 300;

/**
 * How long the invite bubble stays (decision 0109): it folds away by itself, or at the
 * member's first press anywhere else; the round button stays.
 */
export const INVITE_MS = 6000;

/**
 * What a member can press or read as a page's end: the invite bubble must cover none of it.
 * Not every focusable element: the announcement line is focusable only so keys can pause it,
 * and a slide without a link presses nothing; text may sit under the bubble for its 6 s.
 */
const ACTIONABLE =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="tab"], footer';

/**
 * Whether the bubble, where it stands, covers anything the member can press (a tile, the
 * bottom menu, a form) or the footer (issue 26). At 360 px it usually does on the member home:
 * then it is not shown on this page, and tries again on the next load of the session.
 */
function coversSomething(bubble: HTMLElement, widget: HTMLElement): boolean {
  const box = bubble.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  for (const element of document.querySelectorAll<HTMLElement>(ACTIONABLE)) {
    if (widget.contains(element)) continue;
    const other = element.getBoundingClientRect();
    if (other.width === 0 || other.height === 0) continue;
    if (
      other.left < box.right &&
      other.right > box.left &&
      other.top < box.bottom &&
      other.bottom > box.top
    )
      return true;
  }
  return false;
}

/** The invite's words, each kept whole: a line breaks only between them (never in "แชท"). */
function Words({ text }: { text: string }) {
  const words = text.split(/\s+/).filter(Boolean);
  return (
    <>
      {words.map((word, index) => (
        <span key={index} className="chat-invite__word">
          {word}
          {index < words.length - 1 ? ' ' : ''}
        </span>
      ))}
    </>
  );
}

const reducedMotion = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export function ChatWidget() {
  const { t } = useI18n();
  const [enabled, setEnabled] = useState(false);
  const [open, setOpen] = useState(false);
  const [rotating, setRotating] = useState(false);
  // Once per session (issue 26): not after every load, nor on each page of a visit.
  const [invite, setInvite] = useState(() => readItem('session', storageKeys.chatInvited) === null);
  /** Measured where it stands: 'checking' until then, shown only where it covers nothing. */
  const [placement, setPlacement] = useState<'checking' | 'clear'>('checking');
  /** Below the top bar: where, from the bubble's left edge, its tail points at the button. */
  const [tailX, setTailX] = useState<number | null>(null);
  const bubbleRef = useRef<HTMLDivElement>(null);
  const [chat, setChat] = useState<ChatController | null>(null);
  const [contexts, setContexts] = useState<ChatContextRequest[]>([]);
  const [seenArrivals, setSeenArrivals] = useState(0);
  const [arrivals, setArrivals] = useState(0);
  const launcherRef = useRef<HTMLButtonElement>(null);
  // The member shell's top bar takes the button (decision 0131); elsewhere it floats.
  const [topSlot] = useState(() => document.getElementById(CHAT_LAUNCHER_SLOT_ID));
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
  const inviting = enabled && invite && placement === 'clear';

  // Before it shows, the bubble is laid out unseen and measured against the page.
  useLayoutEffect(() => {
    if (!enabled || !invite || placement !== 'checking') return;
    const bubble = bubbleRef.current;
    const widget = widgetRef.current;
    if (!bubble || !widget) return;
    if (coversSomething(bubble, widget)) {
      setInvite(false);
      return;
    }
    const launcher = launcherRef.current;
    if (topSlot && launcher) {
      // The bubble stands at the bar's right end; the button may be further left, before the
      // language select: a tail on the bubble's top edge points at it.
      const box = bubble.getBoundingClientRect();
      const button = launcher.getBoundingClientRect();
      const x = Math.round(button.left + button.width / 2 - box.left);
      setTailX(x >= 16 && x <= box.width - 16 ? x : null);
    }
    writeItem('session', storageKeys.chatInvited, '1');
    setPlacement('clear');
  }, [enabled, invite, placement, topSlot]);

  // A layout effect: a press elsewhere folds the bubble from the moment it shows. Preact (the
  // app's runtime) runs passive effects only after the next frame, so a press in that frame
  // went unheard and the bubble stayed. (React ran them before the paint: the bubble shows
  // from a layout effect's update, whose passive effects React runs at once.)
  useLayoutEffect(() => {
    if (!inviting) return;
    const fold = () => setInvite(false);
    const timer = setTimeout(fold, INVITE_MS);
    const onPress = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!widgetRef.current?.contains(target) && !launcherRef.current?.contains(target)) fold();
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

  const launcher = (
    <button
      ref={launcherRef}
      type="button"
      className={`chat-launcher${topSlot ? ' chat-launcher--bar' : ''}${rotating ? ' chat-launcher--rotating' : ''}${open ? ' chat-launcher--open' : ''}`}
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
  );

  return (
    <div
      className={`chat-widget${topSlot ? ' chat-widget--bar' : ''}`}
      data-testid="chat-widget"
      ref={widgetRef}
    >
      {invite && !open ? (
        <div
          ref={bubbleRef}
          className={`chat-invite${placement === 'checking' ? ' chat-invite--measuring' : ''}${tailX === null ? '' : ' chat-invite--tail'}`}
          style={
            tailX === null ? undefined : ({ '--chat-invite-tail': `${tailX}px` } as CSSProperties)
          }
          data-testid={placement === 'clear' ? 'chat-invite' : undefined}
        >
          <button type="button" className="chat-invite__text" onClick={() => setPanel(true)}>
            <Words text={t('chat.invite')} />
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
      {topSlot ? createPortal(launcher, topSlot) : launcher}
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
