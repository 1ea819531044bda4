// The agent inbox's one-line preview of a conversation's last message, as data (issue 26):
// what kind it is and the few words worth showing, so the console words "an image" or
// "about withdrawal WD…" in its own language instead of showing "[image] file.png". Zod-free:
// the server fills the inbox rows with it and the console's socket updates them with it.
import { chatFileTypes, chatContextKinds, chatSystemEvents } from './chat-constants';

export const CHAT_PREVIEW_MAX = 140;

export interface ChatPreview {
  /** The message kind (`text`, `media`, `context`...; anything else as stored). */
  type: string;
  /** A text, a button message's text, the first card's title, a postback's title. */
  text?: string;
  /** A media message's kind of file. */
  fileType?: (typeof chatFileTypes)[number];
  /** A context message's item. */
  item?: { kind: (typeof chatContextKinds)[number]; ref: string };
  /** A system message's event. */
  event?: (typeof chatSystemEvents)[number];
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  (list as readonly unknown[]).includes(value) ? (value as T) : undefined;

/** One line, at most CHAT_PREVIEW_MAX characters. */
export function flatPreview(line: string): string {
  const flat = line.replace(/\s+/g, ' ').trim();
  return flat.length > CHAT_PREVIEW_MAX ? `${flat.slice(0, CHAT_PREVIEW_MAX - 1)}…` : flat;
}

/** What the inbox shows of a message of this kind and payload. */
export function chatPreviewOf(type: string, payload: unknown): ChatPreview {
  const p = isObj(payload) ? payload : {};
  const withText = (line: string): ChatPreview => {
    const flat = flatPreview(line);
    return flat ? { type, text: flat } : { type };
  };
  switch (type) {
    case 'text':
      return withText(text(payload));
    case 'buttons':
    case 'quick_replies':
    case 'postback':
      return withText(type === 'postback' ? text(p.title) : text(p.text));
    case 'generic': {
      const first = Array.isArray(p.cards) && isObj(p.cards[0]) ? p.cards[0] : {};
      return withText(text(first.title));
    }
    case 'media':
      return { type, fileType: oneOf(chatFileTypes, p.fileType) ?? 'file' };
    case 'context': {
      const kind = oneOf(chatContextKinds, p.kind);
      const ref = flatPreview(text(p.ref));
      return kind && ref ? { type, item: { kind, ref } } : { type };
    }
    case 'system': {
      const event = oneOf(chatSystemEvents, p.event);
      return event ? { type, event } : { type };
    }
    default:
      return { type };
  }
}
