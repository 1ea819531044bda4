// What a push message carries (issue 29, decision 0152), zod-free: the server builds it, the
// member app's service worker reads it (decision 0150). One home for the shape of both sides.

/** The languages of a push text (the app's codes: `la` is Lao). */
export const PUSH_LANGS = ['th', 'la', 'en'] as const;
export type PushLang = (typeof PUSH_LANGS)[number];

/** What the server pushes about. `bonus_turnover_met` is promotional: never during a block. */
export const PUSH_KINDS = [
  'deposit_credited',
  'withdrawal_paid',
  'withdrawal_rejected',
  'support_reply',
  'bonus_turnover_met',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * What the service worker receives, decrypted. `url` is the app path a tap opens; `tag` names
 * the event, so a payload delivered twice replaces itself instead of showing twice.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** The app path to open on a tap (`/user/...`). */
  url: string;
  tag: string;
  lang: PushLang;
}

/** The payload (an object or its JSON) when it has the shape above, else null (not shown). */
export function parsePushPayload(data: unknown): PushPayload | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { title, body, url, tag, lang } = value as Record<string, unknown>;
  if (
    typeof title !== 'string' ||
    title.trim() === '' ||
    typeof body !== 'string' ||
    typeof url !== 'string' ||
    typeof tag !== 'string' ||
    !PUSH_LANGS.includes(lang as PushLang)
  )
    return null;
  return { title, body, url, tag, lang: lang as PushLang };
}
