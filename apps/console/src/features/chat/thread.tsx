// One conversation (decision 0097): its messages (older pages on demand), the actions
// (assign, assign to me, close with a confirmation), the reply box, and beside it the
// member's wallet summary and the agents' private notes. Opening it moves the agents' read
// mark when customer messages are unread.
import { mergeChatMessages, type ChatMessage } from '@wallet/contract/client';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { errorCodeOf } from '@/lib/api';
import {
  useAssign,
  useCloseConversation,
  useMarkRead,
  useOlderMessages,
  useRefreshThread,
  useThread,
  type ThreadAnswer,
} from './api';
import { useSession } from '@/lib/session';
import { Composer } from './composer';
import { useChatLive } from './live';
import { MessageView } from './message-view';
import { partyName } from './names';
import { MemberPanel, NotesPanel } from './side-panels';

export function Thread({ conversationId, search }: { conversationId: string; search: string }) {
  const { t, errorText } = useI18n();
  const live = useChatLive();
  const thread = useThread(conversationId, live.pollMs);
  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [hasOlder, setHasOlder] = useState<boolean | null>(null);
  const loadOlder = useOlderMessages(conversationId, {
    onSuccess: (page) => {
      setOlder((list) => mergeChatMessages(list, page.messages));
      setHasOlder(page.hasOlder);
    },
  });

  // The read mark moves when the open thread shows unread customer messages.
  const unread = thread.data?.conversation.unread ?? 0;
  const markRead = useMarkRead(conversationId);
  const marking = markRead.isPending;
  const mark = markRead.mutate;
  useEffect(() => {
    if (unread > 0 && !marking) mark();
  }, [unread, marking, mark]);

  const refresh = useRefreshThread(conversationId);

  // Each message once (the shared rule: client id or server id), oldest first.
  const messages = mergeChatMessages(older, thread.data?.messages ?? []);
  const canLoadOlder = hasOlder ?? thread.data?.hasOlder ?? false;

  return (
    <section className="chat-thread-pane" aria-labelledby="chat-thread-title">
      <p className="chat-back">
        <Link to={`/chat${search ? `?${search}` : ''}`}>{`‹ ${t('chat.thread.back')}`}</Link>
      </p>
      {thread.error ? (
        <p className="alert" role="alert">
          {errorText(errorCodeOf(thread.error))}
        </p>
      ) : !thread.data ? (
        <p role="status">{t('chat.thread.loading')}</p>
      ) : (
        <div className="chat-thread-body">
          <div className="chat-thread-main">
            <ThreadHeader data={thread.data} onChanged={refresh} />
            {canLoadOlder && messages[0]?._id ? (
              <button
                type="button"
                className="btn chat-older"
                disabled={loadOlder.isPending}
                onClick={() => loadOlder.mutate(messages[0]!._id!)}
              >
                {t('chat.thread.older')}
              </button>
            ) : null}
            <MessageList messages={messages} />
            {thread.data.conversation.status === 'open' ? (
              <Composer conversationId={conversationId} onSent={refresh} />
            ) : (
              <p className="notice">{t('chat.reply.closedHint')}</p>
            )}
          </div>
          <aside className="chat-side">
            <MemberPanel member={thread.data.member} />
            <NotesPanel conversationId={conversationId} notes={thread.data.notes} />
          </aside>
        </div>
      )}
    </section>
  );
}

function MessageList({ messages }: { messages: ChatMessage[] }) {
  const { t } = useI18n();
  const me = useSession()?.operator.username;
  const box = useRef<HTMLOListElement>(null);
  const lastKey = messages.at(-1)?._id ?? messages.at(-1)?.clientMessageId;
  // A new last message scrolls into view; loading older ones keeps the view where it was.
  useLayoutEffect(() => {
    const node = box.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [lastKey]);
  if (messages.length === 0) return <p className="muted">{t('chat.thread.noMessages')}</p>;
  return (
    <ol
      ref={box}
      className="chat-messages"
      aria-label={t('chat.thread.messages')}
      aria-live="polite"
      tabIndex={0}
    >
      {messages.map((message, i) => (
        <MessageView
          key={message._id ?? message.clientMessageId ?? i}
          message={message}
          isLast={i === messages.length - 1}
          {...(me ? { me } : {})}
        />
      ))}
    </ol>
  );
}

function ThreadHeader({ data, onChanged }: { data: ThreadAnswer; onChanged: () => void }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const id = useId();
  const session = useSession();
  const me = session?.operator;
  const row = data.conversation;
  const [assignee, setAssignee] = useState<string>(row.assignee ? String(row.assignee.id) : '');
  const [confirmClose, setConfirmClose] = useState(false);
  useEffect(() => setAssignee(row.assignee ? String(row.assignee.id) : ''), [row.assignee]);
  const assign = useAssign(row.id, {
    onSuccess: () => {
      toast.show(t('chat.actions.assigned'));
      onChanged();
    },
    onError: (error) => toast.show(errorText(errorCodeOf(error)), 'error'),
  });
  const close = useCloseConversation(row.id, {
    onSuccess: () => {
      setConfirmClose(false);
      toast.show(t('chat.actions.closed'));
      onChanged();
    },
  });
  const name = partyName(t, row);
  return (
    <header className="chat-thread-header">
      <h2 id="chat-thread-title">{name}</h2>
      <div className="chat-actions" role="group" aria-label={t('chat.actions.label')}>
        <div className="chat-assign">
          <label htmlFor={`${id}-assignee`}>{t('chat.actions.assignTo')}</label>
          <select
            id={`${id}-assignee`}
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
          >
            <option value="">{t('chat.actions.nobody')}</option>
            {data.agents.map((agent) => (
              <option key={agent.id} value={String(agent.id)}>
                {agent.id === me?.id
                  ? t('chat.actions.me', { name: agent.username })
                  : agent.username}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn"
            disabled={
              assign.isPending || assignee === (row.assignee ? String(row.assignee.id) : '')
            }
            onClick={() => assign.mutate(assignee ? Number(assignee) : null)}
          >
            {t('chat.actions.assign')}
          </button>
          {me && row.assignee?.id !== me.id ? (
            <button
              type="button"
              className="btn"
              disabled={assign.isPending}
              onClick={() => assign.mutate(me.id)}
            >
              {t('chat.actions.assignMe')}
            </button>
          ) : null}
        </div>
        {row.status === 'open' ? (
          <button type="button" className="btn btn-danger" onClick={() => setConfirmClose(true)}>
            {t('chat.actions.close')}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmClose}
        title={t('chat.actions.closeTitle')}
        confirmLabel={t('chat.actions.close')}
        danger
        busy={close.isPending}
        error={close.error ? errorText(errorCodeOf(close.error)) : null}
        onConfirm={() => close.mutate()}
        onCancel={() => {
          close.reset();
          setConfirmClose(false);
        }}
      >
        <p>{t('chat.actions.closeText')}</p>
      </ConfirmDialog>
    </header>
  );
}
