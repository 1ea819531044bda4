// The conversation (spec section 2): oldest at the top, the newest at the bottom; scrolling
// to the top loads the 10 before without the view jumping (the distance from the bottom is
// kept across the insert); date separators, end-of-conversation markers; a "new messages"
// hint when an agent's message arrives while the member is more than 60 px up.
import { limits } from '@wallet/contract/client';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useI18n } from '@/i18n/use-i18n';
import { formatDateTime } from '@/lib/format';
import type { ChatEntry, ChatState } from '@/features/chat/lib/chat-controller';
import { buildTimeline } from '@/features/chat/lib/timeline';
import { MessageView, type MessageActions } from '@/features/chat/components/message-view';

/** Scrolled this close to the top, the older page loads. */
const LOAD_OLDER_PX = 40;

/** DD/MM/YYYY (spec section 9's date display; Intl has no Lao dates in every browser). */
function dayLabel(date: Date): string {
  return formatDateTime(date).slice(0, 10);
}

export function MessageList({
  state,
  actions,
  onLoadOlder,
}: {
  state: ChatState;
  actions: MessageActions;
  onLoadOlder: () => void;
}) {
  const { t } = useI18n();
  const listRef = useRef<HTMLDivElement>(null);
  const [hint, setHint] = useState(false);
  /** Distance from the bottom before an older page is inserted above. */
  const anchor = useRef<number | null>(null);
  const nearBottom = useRef(true);
  const previous = useRef<{ first?: string; last?: string; count: number }>({ count: 0 });

  const rows = useMemo(
    () =>
      buildTimeline(
        state.entries,
        (entry: ChatEntry) => entry.message,
        (entry) => entry.key,
      ),
    [state.entries],
  );
  const lastMessageKey = state.entries[state.entries.length - 1]?.key;

  const scrollToBottom = useCallback(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
    nearBottom.current = true;
    setHint(false);
  }, []);

  const loadOlder = useCallback(() => {
    const list = listRef.current;
    if (!list || state.loadingOlder || !state.hasMore) return;
    anchor.current = list.scrollHeight - list.scrollTop;
    onLoadOlder();
  }, [onLoadOlder, state.hasMore, state.loadingOlder]);

  useLayoutEffect(() => {
    const list = listRef.current;
    const entries = state.entries;
    const first = entries[0]?.key;
    const last = entries[entries.length - 1];
    const before = previous.current;
    previous.current = { first, last: last?.key, count: entries.length };
    if (!list) return;
    if (before.count === 0) {
      scrollToBottom();
      return;
    }
    if (first !== before.first && anchor.current !== null) {
      // Older messages went in above: keep what the member was reading where it was.
      list.scrollTop = list.scrollHeight - anchor.current;
      anchor.current = null;
      return;
    }
    if (last && last.key !== before.last) {
      const ours = last.message.sender === 'customer' && last.status !== 'succeed';
      if (ours || nearBottom.current) scrollToBottom();
      else setHint(true);
    } else if (nearBottom.current) {
      // A message changed in place (sent, uploaded, a marker went in): stay at the bottom.
      scrollToBottom();
    }
  }, [state.entries, scrollToBottom]);

  useLayoutEffect(() => {
    if (!state.loadingOlder && anchor.current !== null && !state.olderFailed) {
      // The page came back without anything new above.
      anchor.current = null;
    }
  }, [state.loadingOlder, state.olderFailed]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    const distance = list.scrollHeight - list.scrollTop - list.clientHeight;
    nearBottom.current = distance <= limits.chatScrollHintPx;
    if (nearBottom.current) setHint(false);
    if (list.scrollTop <= LOAD_OLDER_PX) loadOlder();
  };

  return (
    <div className="chat-log-wrap">
      <div
        ref={listRef}
        className="chat-log"
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('chat.log')}
        tabIndex={0}
        onScroll={onScroll}
        data-testid="chat-log"
      >
        {state.hasMore && state.entries.length > 0 ? (
          <div className="chat-log__older">
            {state.loadingOlder ? (
              <p className="muted">{t('chat.loadingOlder')}</p>
            ) : (
              <>
                {state.olderFailed ? (
                  <p className="form__error">{t('chat.loadOlderFailed')}</p>
                ) : null}
                <button
                  type="button"
                  className="button button--link"
                  onClick={loadOlder}
                  data-testid="chat-load-older"
                >
                  {t('chat.loadOlder')}
                </button>
              </>
            )}
          </div>
        ) : null}
        {!state.hasMore && state.entries.length > 0 ? (
          <p className="chat-log__start">{t('chat.start')}</p>
        ) : null}
        {state.entries.length === 0 ? <p className="chat-log__empty">{t('chat.empty')}</p> : null}
        {rows.map((row) => {
          if (row.kind === 'date') {
            return (
              <p key={row.key} className="chat-separator" data-testid="chat-date">
                <span>{dayLabel(row.date)}</span>
              </p>
            );
          }
          if (row.kind === 'end') {
            return (
              <p
                key={row.key}
                className="chat-separator chat-separator--end"
                data-testid="chat-end"
              >
                <span>{t('chat.endOfConversation')}</span>
              </p>
            );
          }
          return (
            <MessageView
              key={row.key}
              entry={row.item}
              isLast={row.key === lastMessageKey}
              actions={actions}
            />
          );
        })}
      </div>
      {hint ? (
        <button
          type="button"
          className="chat-new-hint"
          onClick={scrollToBottom}
          data-testid="chat-new-messages"
        >
          {t('chat.newMessages')} ↓
        </button>
      ) : null}
    </div>
  );
}
