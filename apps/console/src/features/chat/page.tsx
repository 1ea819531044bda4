// The support chat's agent inbox (issue 14, decision 0097): /console/chat lists the
// conversations (Mine / Unassigned / All x Open / Closed, by last activity, unread counts);
// /console/chat/<id> opens one beside the list (on a narrow window, instead of it). The
// list and the open thread follow new messages live (./live.ts), the document title counts
// unread customer messages and a short beep marks a new one. Visitor conversations from one
// address show as one row with how many there are; that count opens the address's own list
// (`?address=`, decision 0121), so a flood of fresh guest ids is one row, not hundreds.
import { chatConversationStatuses } from '@wallet/contract/client';
import type { ChatConversationRow } from '@wallet/contract';
import { useEffect, useRef } from 'react';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { errorCodeOf } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useConversations } from './api';
import { beep, ChatLiveContext, useChatLive, useInboxLive, useTitleBadge } from './live';
import { previewText } from './message-view';
import { partyName } from './names';
import { Thread } from './thread';
import './chat.css';

export default function ChatPage() {
  // One live socket for the whole section (the list and the open thread share it).
  const live = useInboxLive();
  return (
    <ChatLiveContext.Provider value={live}>
      <Routes>
        <Route index element={<Inbox />} />
        <Route path=":conversationId" element={<Inbox />} />
      </Routes>
    </ChatLiveContext.Provider>
  );
}

const VIEWS = ['mine', 'unassigned', 'all'] as const;
const STATUSES = chatConversationStatuses;
type View = (typeof VIEWS)[number];
type Status = (typeof STATUSES)[number];
function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function Inbox() {
  const { t, errorText } = useI18n();
  const { conversationId } = useParams();
  const [params, setParams] = useSearchParams();
  const view = pick<View>(params.get('view'), VIEWS, 'all');
  const status = pick<Status>(params.get('status'), STATUSES, 'open');
  const address = params.get('address') || undefined;
  const live = useChatLive();
  const list = useConversations(view, status, address, live.pollMs);
  const unreadTotal = list.data?.unreadTotal ?? 0;
  useTitleBadge(unreadTotal);
  // While polling, a beep when the unread count rises (not on the first load); while live,
  // the socket beeps for each new customer message (./live-socket.ts).
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!list.data) return;
    if (seen.current !== null && unreadTotal > seen.current && !live.connected) beep();
    seen.current = unreadTotal;
  }, [list.data, unreadTotal, live.connected]);

  const search = params.toString();
  const setFilter = (name: 'view' | 'status' | 'address', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  return (
    <div className={conversationId ? 'chat-page chat-page-thread' : 'chat-page'}>
      <div className="page-title">
        <h1>{t('chat.title')}</h1>
        <span className={`chat-live chat-live-${live.status}`} role="status">
          <span className="chat-live-dot" aria-hidden="true" />
          {t(`chat.list.liveStatus.${live.status}`)}
        </span>
      </div>
      <div className="chat-layout">
        <section className="chat-list-pane" aria-labelledby="chat-list-title">
          <h2 id="chat-list-title" className="visually-hidden">
            {t('chat.list.label')}
          </h2>
          <Segmented
            label={t('chat.views.label')}
            options={VIEWS.map((id) => ({ id, label: t(`chat.views.${id}`) }))}
            selected={view}
            onSelect={(id) => setFilter('view', id)}
          />
          <Segmented
            label={t('chat.statuses.label')}
            options={STATUSES.map((id) => ({ id, label: t(`chat.statuses.${id}`) }))}
            selected={status}
            onSelect={(id) => setFilter('status', id)}
          />
          {address ? (
            <div className="chat-address-filter" role="status">
              <span>{t('chat.list.addressFilter', { count: list.data?.total ?? 0 })}</span>
              <button type="button" className="btn" onClick={() => setFilter('address', null)}>
                {t('chat.list.addressClear')}
              </button>
            </div>
          ) : null}
          {list.error ? (
            <p className="alert" role="alert">
              {errorText(errorCodeOf(list.error))}
            </p>
          ) : null}
          {!list.data ? (
            list.isLoading ? (
              <p role="status">{t('chat.list.loading')}</p>
            ) : null
          ) : list.data.rows.length === 0 ? (
            <p className="muted">{t('chat.list.empty')}</p>
          ) : (
            <ul className="chat-list" aria-label={t('chat.list.label')}>
              {list.data.rows.map((row) => (
                <ConversationItem
                  key={row.id}
                  row={row}
                  current={row.id === conversationId}
                  search={search}
                  onAddress={address ? undefined : (group) => setFilter('address', group)}
                />
              ))}
            </ul>
          )}
        </section>
        {conversationId ? (
          <Thread key={conversationId} conversationId={conversationId} search={search} />
        ) : (
          <section className="chat-thread-pane chat-empty">
            <p className="muted">{t('chat.thread.pick')}</p>
          </section>
        )}
      </div>
    </div>
  );
}

function ConversationItem({
  row,
  current,
  search,
  onAddress,
}: {
  row: ChatConversationRow;
  current: boolean;
  search: string;
  /** Opens the list of this row's address group (grouped lists only). */
  onAddress: ((addressGroup: string) => void) | undefined;
}) {
  const { t } = useI18n();
  const name = partyName(t, row);
  return (
    <li className={current ? 'chat-row chat-row-current' : 'chat-row'}>
      <Link
        to={`/chat/${encodeURIComponent(row.id)}${search ? `?${search}` : ''}`}
        aria-current={current ? 'page' : undefined}
        aria-label={t('chat.list.open', { name })}
        className="chat-row-link"
      >
        <span className="chat-row-top">
          <span className="chat-row-name">{name}</span>
          {row.unread > 0 ? (
            <span className="chat-unread" aria-label={t('chat.list.unread', { count: row.unread })}>
              {row.unread}
            </span>
          ) : null}
        </span>
        <span className="chat-row-preview">
          {row.lastMessage ? previewText(t, row.lastMessage) : row.lastMessagePreview}
        </span>
        <span className="chat-row-meta muted">
          <time dateTime={row.lastActivityAt}>{formatDateTime(row.lastActivityAt)}</time>
          {' · '}
          {row.assignee
            ? t('chat.list.assignedTo', { name: row.assignee.username })
            : t('chat.list.unassigned')}
          {row.status === 'closed' ? (
            <>
              {' '}
              <StatusBadge tone="neutral">{t('chat.list.closed')}</StatusBadge>
            </>
          ) : null}
        </span>
      </Link>
      {onAddress && row.addressGroup && (row.sameAddress ?? 1) > 1 ? (
        <button
          type="button"
          className="btn chat-row-address"
          onClick={() => onAddress(row.addressGroup!)}
        >
          {t('chat.list.sameAddress', { count: row.sameAddress! })}
        </button>
      ) : null}
    </li>
  );
}

/** A small group of toggle buttons (aria-pressed): the view and the status of the list. */
function Segmented<T extends string>({
  label,
  options,
  selected,
  onSelect,
}: {
  label: string;
  options: { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
}) {
  return (
    <div className="chat-segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          className="btn"
          aria-pressed={option.id === selected}
          onClick={() => onSelect(option.id)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
