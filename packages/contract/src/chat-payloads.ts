// The chat's payload readers (issue 27): a message's payload read defensively, one reading for
// the member widget and the console. Whatever the server or an agent's template holds, a
// renderer draws only what has the expected shape (anything else is "unsupported"); buttons
// are capped as the member sees them (3 on a message or card, 10 quick replies, 10 cards),
// and only http(s) or same-site addresses ever become a link, an image or a video source
// (`safeMediaHref` of chat-links.ts). Zod-free (exported from `@wallet/contract/client`).
import type { ChatButton, ChatCard, ChatMediaPayload } from './chat';
import { chatSystemEvents, type ChatSystemEvent } from './chat-constants';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): value is string => typeof value === 'string';

export function readChatText(payload: unknown): string | null {
  return str(payload) ? payload : null;
}

export function readChatButton(value: unknown): ChatButton | null {
  if (!isObj(value) || !str(value.title) || !str(value.type)) return null;
  return { title: value.title, type: value.type, payload: str(value.payload) ? value.payload : '' };
}

function buttonList(value: unknown, max: number): ChatButton[] | null {
  if (!Array.isArray(value)) return null;
  const buttons = value.map(readChatButton).filter((b): b is ChatButton => b !== null);
  return buttons.length > 0 ? buttons.slice(0, max) : null;
}

export function readChatMedia(payload: unknown): ChatMediaPayload | null {
  if (!isObj(payload) || !str(payload.filePath)) return null;
  const fileType =
    payload.fileType === 'image' || payload.fileType === 'video' ? payload.fileType : 'file';
  return {
    message: str(payload.message) ? payload.message : '',
    url: payload.url === true,
    fileType,
    filePath: payload.filePath,
    ...(str(payload.thumbPath) ? { thumbPath: payload.thumbPath } : {}),
  };
}

export function readChatButtons(payload: unknown): { text: string; buttons: ChatButton[] } | null {
  if (!isObj(payload) || !str(payload.text)) return null;
  const buttons = buttonList(payload.buttons, 3);
  return buttons ? { text: payload.text, buttons } : null;
}

export function readChatQuickReplies(
  payload: unknown,
): { text: string; quick_replies: ChatButton[] } | null {
  if (!isObj(payload) || !str(payload.text)) return null;
  const replies = buttonList(payload.quick_replies, 10);
  return replies ? { text: payload.text, quick_replies: replies } : null;
}

export function readChatCards(payload: unknown): ChatCard[] | null {
  if (!isObj(payload) || !Array.isArray(payload.cards)) return null;
  const cards: ChatCard[] = [];
  for (const card of payload.cards.slice(0, 10)) {
    if (!isObj(card) || !str(card.title)) continue;
    const buttons = buttonList(card.buttons, 3);
    cards.push({
      title: card.title,
      ...(str(card.subtitle) ? { subtitle: card.subtitle } : {}),
      ...(str(card.image_url) ? { image_url: card.image_url } : {}),
      ...(buttons ? { buttons } : {}),
    });
  }
  return cards.length > 0 ? cards : null;
}

export function readChatPostback(payload: unknown): { title: string; payload: string } | null {
  if (!isObj(payload) || !str(payload.title)) return null;
  return { title: payload.title, payload: str(payload.payload) ? payload.payload : '' };
}

export function readChatSystem(payload: unknown): { event: ChatSystemEvent; by?: string } | null {
  if (!isObj(payload)) return null;
  const event = chatSystemEvents.find((known) => known === payload.event);
  if (!event) return null;
  return { event, ...(str(payload.by) && payload.by.trim() ? { by: payload.by } : {}) };
}
