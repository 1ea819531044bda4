// One chat message, every kind of spec section 2 (and ours: context, system), drawn as React
// elements only: no message text or field ever reaches the page as HTML, links are http(s)
// or tel: with digits, media sources http(s) or same-site (decision 0100).
import type { ChatButton } from '@wallet/contract';
import { contextState, readChatContext, type ContextCardData } from '@wallet/contract/client';
import { ProgressBar } from '@/components/progress-bar';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import type { ChatEntry } from '@/features/chat/lib/chat-controller';
import { linkify, safeMediaHref, safeTelHref, safeWebHref } from '@wallet/contract/client';
import {
  readChatButtons,
  readChatCards,
  readChatMedia,
  readChatPostback,
  readChatQuickReplies,
  readChatSystem,
  readChatText,
} from '@wallet/contract/client';
import { contextStatusWord, contextTitle } from '@/features/chat/lib/context-card';

export interface MessageActions {
  sendText: (text: string) => void;
  sendPostback: (title: string, payload: string) => void;
  resend: (key: string) => void;
  remove: (key: string) => void;
}

export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((segment, index) =>
        segment.kind === 'text' ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <a
            key={index}
            href={segment.href}
            {...(segment.kind === 'link' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {segment.text}
          </a>
        ),
      )}
    </>
  );
}

/** A button of an agent's message: web opens the link, call dials, postback posts back, any other type sends its title. */
export function ChatActionButton({
  button,
  actions,
  className = 'chat-button',
}: {
  button: ChatButton;
  actions: MessageActions;
  className?: string;
}) {
  if (button.type === 'web') {
    const href = safeWebHref(button.payload);
    return href ? (
      <a className={className} href={href} target="_blank" rel="noopener noreferrer">
        {button.title}
      </a>
    ) : (
      <button type="button" className={className} disabled>
        {button.title}
      </button>
    );
  }
  if (button.type === 'call') {
    const href = safeTelHref(button.payload);
    return href ? (
      <a className={className} href={href}>
        {button.title}
      </a>
    ) : (
      <button type="button" className={className} disabled>
        {button.title}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={className}
      onClick={() =>
        button.type === 'postback'
          ? actions.sendPostback(button.title, button.payload)
          : actions.sendText(button.title)
      }
    >
      {button.title}
    </button>
  );
}

function Buttons({ buttons, actions }: { buttons: ChatButton[]; actions: MessageActions }) {
  return (
    <div className="chat-buttons">
      {buttons.map((button, index) => (
        <ChatActionButton key={index} button={button} actions={actions} />
      ))}
    </div>
  );
}

function Media({ entry }: { entry: ChatEntry }) {
  const { t } = useI18n();
  const media = readChatMedia(entry.message.message.payload);
  if (!media) return <Unknown />;
  const full = media.url ? safeMediaHref(media.filePath) : null;
  const thumb = media.url ? safeMediaHref(media.thumbPath) : null;
  const name = media.message || media.fileType;
  if (media.fileType === 'image') {
    const src = thumb ?? full ?? entry.previewUrl ?? null;
    if (!src) return <p className="chat-media__name">{t('chat.image', { name })}</p>;
    const image = (
      <img className="chat-media__image" src={src} alt={t('chat.image', { name })} loading="lazy" />
    );
    return full ? (
      <a href={full} target="_blank" rel="noopener noreferrer" className="chat-media">
        {image}
      </a>
    ) : (
      <span className="chat-media">{image}</span>
    );
  }
  if (media.fileType === 'video' && full) {
    return (
      <video
        className="chat-media__video"
        src={full}
        controls
        preload="metadata"
        aria-label={name}
      />
    );
  }
  return full ? (
    <a className="chat-media__file" href={full} target="_blank" rel="noopener noreferrer" download>
      {t('chat.openFile', { name })}
    </a>
  ) : (
    <p className="chat-media__name">{name}</p>
  );
}

function Context({ card }: { card: ContextCardData }) {
  const { t, locale } = useI18n();
  const title = contextTitle(card, t, locale);
  return (
    <div className="chat-context" data-testid="chat-context" data-kind={card.kind}>
      <p className="chat-context__kind">{t(`chat.context.${card.kind}`)}</p>
      {title ? <p className="chat-context__title">{title}</p> : null}
      <div className="chat-context__line">
        {card.amount !== undefined ? (
          <span className="mono">฿{formatAmount(card.amount)}</span>
        ) : null}
        {card.status !== undefined ? (
          <span
            className={`badge badge--${contextState(card, card.status)}`}
            data-testid="chat-context-status"
          >
            {t(`chat.contextStatus.${contextStatusWord(card, card.status)}`)}
          </span>
        ) : null}
      </div>
      {card.createdAt ? (
        <p className="chat-context__meta">
          <time dateTime={card.createdAt}>{formatDateTime(card.createdAt)}</time>
        </p>
      ) : null}
      <p className="chat-context__meta">{t('chat.context.reference', { ref: card.ref })}</p>
    </div>
  );
}

function Unknown() {
  const { t } = useI18n();
  return <p className="chat-unknown">{t('chat.unsupportedMessage')}</p>;
}

/** The message's body by kind. */
function Body({
  entry,
  isLast,
  actions,
}: {
  entry: ChatEntry;
  isLast: boolean;
  actions: MessageActions;
}) {
  const { message_type: type, payload } = entry.message.message;
  switch (type) {
    case 'text': {
      const text = readChatText(payload);
      return text === null ? (
        <Unknown />
      ) : (
        <p className="chat-text">
          <LinkedText text={text} />
        </p>
      );
    }
    case 'media':
      return <Media entry={entry} />;
    case 'buttons': {
      const value = readChatButtons(payload);
      if (!value) return <Unknown />;
      return (
        <>
          <p className="chat-text">
            <LinkedText text={value.text} />
          </p>
          <Buttons buttons={value.buttons} actions={actions} />
        </>
      );
    }
    case 'quick_replies': {
      const value = readChatQuickReplies(payload);
      if (!value) return <Unknown />;
      return (
        <>
          <p className="chat-text">
            <LinkedText text={value.text} />
          </p>
          {isLast ? <QuickReplies replies={value.quick_replies} actions={actions} /> : null}
        </>
      );
    }
    case 'generic': {
      const cards = readChatCards(payload);
      return cards ? <Cards cards={cards} actions={actions} /> : <Unknown />;
    }
    case 'postback': {
      const value = readChatPostback(payload);
      return value ? <p className="chat-text">{value.title}</p> : <Unknown />;
    }
    case 'context': {
      const card = readChatContext(payload);
      return card ? <Context card={card} /> : <Unknown />;
    }
    default:
      return <Unknown />;
  }
}

function QuickReplies({ replies, actions }: { replies: ChatButton[]; actions: MessageActions }) {
  const { t } = useI18n();
  return (
    <div className="chat-quick-replies" role="group" aria-label={t('chat.quickReplies')}>
      {replies.map((button, index) => (
        <ChatActionButton
          key={index}
          button={button}
          actions={actions}
          className="chat-button chat-button--chip"
        />
      ))}
    </div>
  );
}

function Cards({
  cards,
  actions,
}: {
  cards: NonNullable<ReturnType<typeof readChatCards>>;
  actions: MessageActions;
}) {
  const { t } = useI18n();
  return (
    // Scrolls sideways; focusable so the arrow keys scroll it too.
    <ul className="chat-cards" aria-label={t('chat.cards')} tabIndex={0} data-testid="chat-cards">
      {cards.map((card, index) => {
        const image = safeMediaHref(card.image_url);
        return (
          <li key={index} className="chat-card">
            {image ? (
              <img
                className="chat-card__image"
                src={image}
                alt={t('chat.cardImage', { title: card.title })}
                loading="lazy"
              />
            ) : null}
            <p className="chat-card__title">{card.title}</p>
            {card.subtitle ? <p className="chat-card__subtitle">{card.subtitle}</p> : null}
            {card.buttons ? <Buttons buttons={card.buttons} actions={actions} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

function SystemMarker({ payload }: { payload: unknown }) {
  const { t } = useI18n();
  const system = readChatSystem(payload);
  if (!system) return <Unknown />;
  const text =
    system.event === 'closed'
      ? system.by
        ? t('chat.closedBy', { name: system.by })
        : t('chat.closed')
      : system.event === 'assigned'
        ? system.by
          ? t('chat.assigned', { name: system.by })
          : t('chat.assignedAnonymous')
        : t('chat.reopened');
  return (
    <p className="chat-system" data-testid="chat-system" data-event={system.event}>
      {text}
    </p>
  );
}

function Delivery({ entry, actions }: { entry: ChatEntry; actions: MessageActions }) {
  const { t } = useI18n();
  if (entry.status === 'uploading_file') {
    const percent = entry.progress ?? 0;
    const text = t('chat.uploading', { percent });
    return (
      <div className="chat-delivery" data-testid="chat-upload-progress" data-percent={percent}>
        <ProgressBar percent={percent} label={text} valueText={text} />
        <span className="chat-delivery__text">{text}</span>
      </div>
    );
  }
  if (entry.status === 'sending') {
    return <p className="chat-delivery chat-delivery__text">{t('chat.sending')}</p>;
  }
  if (entry.status === 'failed') {
    return (
      <div className="chat-delivery chat-delivery--failed" data-testid="chat-failed">
        <span role="alert">
          {t('chat.failed')}
          {entry.error ? `: ${errorMessage(entry.error)}` : ''}
        </span>
        <button
          type="button"
          className="button button--link"
          onClick={() => actions.resend(entry.key)}
          data-testid="chat-resend"
        >
          {t('chat.resend')}
        </button>
        <button
          type="button"
          className="button button--link"
          onClick={() => actions.remove(entry.key)}
          data-testid="chat-remove"
        >
          {t('chat.remove')}
        </button>
      </div>
    );
  }
  return null;
}

export function MessageView({
  entry,
  isLast,
  actions,
}: {
  entry: ChatEntry;
  isLast: boolean;
  actions: MessageActions;
}) {
  const { t } = useI18n();
  const { message } = entry;
  if (message.sender === 'system' || message.message.message_type === 'system') {
    return <SystemMarker payload={message.message.payload} />;
  }
  const mine = message.sender === 'customer';
  return (
    <div
      className={`chat-message ${mine ? 'chat-message--mine' : 'chat-message--theirs'}`}
      data-testid="chat-message"
      data-kind={message.message.message_type}
      data-status={entry.status}
      data-sender={mine ? 'customer' : 'agent'}
    >
      <span className="visually-hidden">{mine ? t('chat.you') : t('chat.support')}: </span>
      <div className="chat-bubble">
        <Body entry={entry} isLast={isLast} actions={actions} />
      </div>
      {message.createdAt && entry.status === 'succeed' ? (
        <time className="chat-message__time" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt).slice(-8, -3)}
        </time>
      ) : null}
      {mine ? <Delivery entry={entry} actions={actions} /> : null}
    </div>
  );
}
