// The console's chat renderer (issue 14, decision 0097): every message kind of the contract
// (packages/contract/src/chat.ts) as the member sees it, plus what only agents see (the
// context card's current status, system markers). Payloads come from the server as `unknown`:
// each kind is read with guards and anything malformed or unknown draws "unsupported
// message". Nothing is HTML: texts are React text and links come from ./links only.
import {
  chatPreviewOf,
  contextState,
  contextVocabulary,
  partyName,
  readChatContext,
  type ChatMessage,
  type ChatPreview,
  type ContextCardData,
  type ContextParty,
} from '@wallet/contract/client';
import { stateTone, statusWord } from '@/components/item-status';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import type { Lang } from '@/i18n/types';
import { formatDateTime } from '@/lib/format';
import {
  linkify,
  readChatButtons,
  readChatCards,
  readChatMedia,
  readChatPostback,
  readChatQuickReplies,
  readChatSystem,
  readChatText,
  safeMediaHref,
  safeTelHref,
  safeWebHref,
  type ChatButton,
  type ChatCard,
  type ChatMediaPayload,
} from '@wallet/contract/client';

export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((segment, i) =>
        segment.kind === 'text' ? (
          <span key={i}>{segment.text}</span>
        ) : (
          <a
            key={i}
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

/**
 * A button as the member sees it. `web` and `call` are real links (the agent may check
 * where they go); a postback or any other type only shows what it would send.
 */
function ButtonView({ button }: { button: ChatButton }) {
  const { t } = useI18n();
  const web = button.type === 'web' ? safeWebHref(button.payload) : null;
  const tel = button.type === 'call' ? safeTelHref(button.payload) : null;
  const kind =
    button.type === 'web' || button.type === 'call' || button.type === 'postback'
      ? t(`chat.kinds.buttonKind.${button.type}`)
      : t('chat.kinds.buttonKind.other');
  const label = (
    <>
      {button.title}
      <span className="chat-button-kind"> · {kind}</span>
    </>
  );
  if (web)
    return (
      <a className="chat-button" href={web} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  if (tel)
    return (
      <a className="chat-button" href={tel}>
        {label}
      </a>
    );
  return (
    <span className="chat-button" title={button.type === 'postback' ? button.payload : undefined}>
      {label}
    </span>
  );
}

function ButtonList({ buttons, label }: { buttons: ChatButton[]; label: string }) {
  return (
    <ul className="chat-buttons" aria-label={label}>
      {buttons.map((button, i) => (
        <li key={i}>
          <ButtonView button={button} />
        </li>
      ))}
    </ul>
  );
}

function Unknown() {
  const { t } = useI18n();
  return <p className="chat-unknown">{t('chat.kinds.unknown')}</p>;
}

function MediaView({ payload }: { payload: ChatMediaPayload }) {
  const { t } = useI18n();
  const name = payload.message;
  const fileType = payload.fileType;
  // Only links the server signed (`url: true`); an upload's opaque id is not an address.
  const href = payload.url ? safeMediaHref(payload.filePath) : null;
  const thumb = payload.url ? safeMediaHref(payload.thumbPath) : null;
  if (!href)
    return <p className="chat-file">{t('chat.kinds.fileUnavailable', { name: name || '–' })}</p>;
  if (fileType === 'image')
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className="chat-media">
        <img src={thumb ?? href} alt={t('chat.kinds.image', { name })} loading="lazy" />
      </a>
    );
  if (fileType === 'video')
    return (
      <video
        className="chat-media"
        controls
        preload="metadata"
        src={href}
        aria-label={t('chat.kinds.video', { name })}
      />
    );
  return (
    <a className="chat-file" href={href} target="_blank" rel="noopener noreferrer">
      {t('chat.kinds.file', { name })}
    </a>
  );
}

function CardsView({ cards }: { cards: ChatCard[] }) {
  const { t } = useI18n();
  return (
    <ul className="chat-cards" aria-label={t('chat.kinds.cards')}>
      {cards.map((card, i) => {
        const image = safeMediaHref(card.image_url);
        return (
          <li key={i} className="chat-card">
            {image ? <img src={image} alt="" loading="lazy" /> : null}
            <p className="chat-card-title">{card.title}</p>
            {card.subtitle ? <p className="chat-card-subtitle">{card.subtitle}</p> : null}
            {card.buttons && card.buttons.length > 0 ? (
              <ButtonList buttons={card.buttons} label={t('chat.kinds.buttons')} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

type T = ReturnType<typeof useI18n>['t'];

function partyLabel(t: T, lang: Lang, party: ContextParty): string {
  switch (party.kind) {
    case 'wallet':
      return t('chat.kinds.context.party.wallet');
    case 'bonus':
      return t('chat.kinds.context.party.bonus');
    case 'operator':
      return t('chat.kinds.context.party.operator');
    case 'gift_link':
      return t('chat.kinds.context.party.giftLink');
    case 'qr':
      return t('chat.kinds.context.party.qr', { name: partyName(party, lang) });
    default:
      // A bank or a provider by its name, anything else as stored.
      return partyName(party, lang);
  }
}

/**
 * The card's title in the console's language, built from the data the message carries
 * (issue 26); a message stored before keeps its stored (English) title.
 */
export function contextTitle(t: T, lang: Lang, card: ContextCardData): string | null {
  const { move, sender } = card;
  if (move) {
    const to = partyLabel(t, lang, move.to);
    if (move.type === 'withdraw') return t('chat.kinds.context.titles.withdrawal', { to });
    return t('chat.kinds.context.titles.move', {
      type: t(`chat.kinds.context.types.${move.type}`),
      from: partyLabel(t, lang, move.from),
      to,
    });
  }
  if (sender) return t('chat.kinds.context.titles.slip', { bank: partyLabel(t, lang, sender) });
  return card.storedTitle ?? null;
}

/** A card's status in words and tone: the contract's reading of its vocabulary (issue 26). */
function ContextStatus({ card, status }: { card: ContextCardData; status: string }) {
  const { t } = useI18n();
  const vocabulary = contextVocabulary(card.kind);
  return (
    <StatusBadge tone={stateTone(contextState(card, status))} title={status}>
      {statusWord(t, vocabulary, status)}
    </StatusBadge>
  );
}

function ContextView({ payload }: { payload: unknown }) {
  const { t, lang } = useI18n();
  const card = readChatContext(payload);
  if (!card) return <Unknown />;
  const { status, statusWhenAsked: asked, amount, createdAt } = card;
  const title = contextTitle(t, lang, card);
  return (
    <section className="chat-context" aria-label={t('chat.kinds.context.title')}>
      <p className="chat-context-kind">
        {t('chat.kinds.context.title')}: {t(`chat.kinds.context.${card.kind}`)}
      </p>
      {title ? <p className="chat-context-title">{title}</p> : null}
      <dl>
        <dt>{t('chat.kinds.context.reference')}</dt>
        <dd className="mono">{card.ref}</dd>
        {amount !== undefined ? (
          <>
            <dt>{t('chat.kinds.context.amount')}</dt>
            <dd>
              <Money baht={amount} currency />
            </dd>
          </>
        ) : null}
        {status ? (
          <>
            <dt>{t('chat.kinds.context.now')}</dt>
            <dd>
              <ContextStatus card={card} status={status} />
            </dd>
          </>
        ) : null}
      </dl>
      {asked && asked !== status ? (
        <p className="muted">
          {t('chat.kinds.context.whenAsked', {
            status: statusWord(t, contextVocabulary(card.kind), asked),
          })}
        </p>
      ) : null}
      {createdAt ? <p className="muted">{formatDateTime(createdAt)}</p> : null}
    </section>
  );
}

function SystemView({ payload }: { payload: unknown }) {
  const { t } = useI18n();
  const system = readChatSystem(payload);
  if (!system) return <Unknown />;
  return (
    <p className="chat-system-text">
      {system.by
        ? t(`chat.kinds.system.${system.event}By`, { by: system.by })
        : t(`chat.kinds.system.${system.event}`)}
    </p>
  );
}

/** The body of one message, by kind. `isLast`: quick replies show on the last message only. */
export function MessageBody({ message, isLast }: { message: ChatMessage; isLast: boolean }) {
  const { t } = useI18n();
  const { message_type: kind, payload } = message.message;
  switch (kind) {
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
    case 'media': {
      const media = readChatMedia(payload);
      return media ? <MediaView payload={media} /> : <Unknown />;
    }
    case 'buttons': {
      const read = readChatButtons(payload);
      if (!read) return <Unknown />;
      const { text, buttons } = read;
      return (
        <>
          <p className="chat-text">
            <LinkedText text={text} />
          </p>
          <ButtonList buttons={buttons} label={t('chat.kinds.buttons')} />
        </>
      );
    }
    case 'quick_replies': {
      const read = readChatQuickReplies(payload);
      if (!read) return <Unknown />;
      const { text, quick_replies: replies } = read;
      return (
        <>
          <p className="chat-text">
            <LinkedText text={text} />
          </p>
          {isLast ? (
            <div className="chat-quick-replies">
              <ButtonList buttons={replies} label={t('chat.kinds.quickReplies')} />
            </div>
          ) : null}
        </>
      );
    }
    case 'generic': {
      const cards = readChatCards(payload);
      return cards ? <CardsView cards={cards} /> : <Unknown />;
    }
    case 'postback': {
      const postback = readChatPostback(payload);
      return postback === null ? (
        <Unknown />
      ) : (
        <p className="chat-postback">{t('chat.kinds.postback', { title: postback.title })}</p>
      );
    }
    case 'context':
      return <ContextView payload={payload} />;
    case 'system':
      return <SystemView payload={payload} />;
    default:
      return <Unknown />;
  }
}

/**
 * The inbox's line for a conversation's last message, in the console's language (issue 26):
 * a text as it is, "An image", "About withdrawal WD…", a system event in words.
 */
export function previewText(t: T, preview: ChatPreview): string {
  switch (preview.type) {
    case 'text':
    case 'buttons':
    case 'quick_replies':
      return preview.text ?? '';
    case 'media':
      return t(`chat.kinds.inbox.${preview.fileType ?? 'file'}`);
    case 'generic':
      return preview.text
        ? t('chat.kinds.inbox.cards', { title: preview.text })
        : t('chat.kinds.cards');
    case 'postback':
      return t('chat.kinds.postback', { title: preview.text ?? '' });
    case 'context':
      return preview.item
        ? t(`chat.kinds.inbox.about.${preview.item.kind}`, { ref: preview.item.ref })
        : t('chat.kinds.inbox.aboutItem');
    case 'system':
      return preview.event ? t(`chat.kinds.system.${preview.event}`) : t('chat.thread.system');
    default:
      return t('chat.kinds.unknown');
  }
}

/** A plain-text line for a message (a notification, the inbox's live update). */
export function previewOf(t: T, message: ChatMessage): string {
  return previewText(t, chatPreviewOf(message.message.message_type, message.message.payload));
}

interface MessageViewProps {
  message: ChatMessage;
  isLast: boolean;
  /** The signed-in operator's username: their own replies read "You". */
  me?: string;
}

/** One message of a thread: who, when, and the body. */
export function MessageView({ message, isLast, me }: MessageViewProps) {
  const { t } = useI18n();
  const side =
    message.sender === 'customer' ? 'customer' : message.sender === 'system' ? 'system' : 'agent';
  // Agents' answers name the agent (their username) and the member in `name`.
  const author = message.name ?? message.username;
  const who =
    side === 'system'
      ? t('chat.thread.system')
      : side === 'agent'
        ? author && author === me
          ? t('chat.thread.you')
          : (author ?? t('chat.thread.agent'))
        : (author ?? t('chat.thread.customer'));
  return (
    <li className={`chat-message chat-${side}`} data-kind={message.message.message_type}>
      {side === 'system' ? (
        <MessageBody message={message} isLast={isLast} />
      ) : (
        <article className="chat-bubble" aria-label={who}>
          <p className="chat-meta">
            <span className="chat-who">{who}</span>
            {message.createdAt ? (
              <time dateTime={message.createdAt}> {formatDateTime(message.createdAt)}</time>
            ) : null}
          </p>
          <MessageBody message={message} isLast={isLast} />
        </article>
      )}
    </li>
  );
}
