// Safe links of the chat renderers (issue 14; decisions 0097 and 0100): the one place that
// decides what in a chat message becomes a link, an image or a video source, for the member
// widget and the console alike. Text is never HTML: a renderer writes these segments as React
// text and elements. Only http(s) web links, `mailto:` for an e-mail address and `tel:` with
// digits come out; anything else (javascript:, data:, vbscript:, `//host`) stays text or gets
// no href. Zod-free (exported from `@wallet/contract/client`).

export type ChatTextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'email'; text: string; href: string }
  | { kind: 'phone'; text: string; href: string };

// http(s)://… or www.… up to whitespace or an angle bracket / quote; an e-mail address; a
// phone: + and 8..14 digits, or a local number (0 and 8..10 more digits: Thai 02-123-4567,
// 081-234-5678, Lao 020 5555 1234), single spaces or dashes between digits. Other digit runs
// (amounts, references, timestamps) stay text.
const TOKEN =
  /(\bhttps?:\/\/[^\s<>"'`]+|\bwww\.[^\s<>"'`]+)|(\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b)|((?:\+\d(?:[ -]?\d){7,13}|\b0\d(?:[ -]?\d){7,9})(?![\d-]))/gi;

/** Trailing punctuation that ends a sentence, not the link ("see https://x.com."). */
const TRAILING = /[.,;:!?)\]}]+$/;

/** The safe href of a web address (`www.` gets https://), or null when not http(s). */
export function safeWebHref(raw: string): string | null {
  const trimmed = raw.trim();
  const candidate = /^www\./i.test(trimmed) ? `https://${trimmed}` : trimmed;
  if (!/^https?:\/\//i.test(candidate)) return null;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** `tel:` with digits only (a leading + kept), or null when it is not a phone number. */
export function safeTelHref(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 3 || digits.length > 20) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * The src or href of a file or image the server named: an http(s) URL, or a same-site path
 * (`/static/...`; never `//host` or `/\host`), answered as a path; else null.
 */
export function safeMediaHref(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return null;
  const text = raw.trim();
  if (/^\/(?![/\\])/.test(text)) {
    try {
      const url = new URL(text, 'http://same.site');
      return url.host === 'same.site' ? `${url.pathname}${url.search}` : null;
    } catch {
      return null;
    }
  }
  return /^https?:\/\//i.test(text) ? safeWebHref(text) : null;
}

/** Splits a message text into plain text and safe links (addresses made clickable). */
export function linkify(text: string): ChatTextSegment[] {
  const segments: ChatTextSegment[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = segments[segments.length - 1];
    if (previous?.kind === 'text') previous.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    let token = match[0];
    let trailing = '';
    if (match[1]) {
      const cut = TRAILING.exec(token);
      if (cut) {
        trailing = cut[0];
        token = token.slice(0, -trailing.length);
      }
    }
    pushText(text.slice(last, start));
    const web = match[1] ? safeWebHref(token) : null;
    const phone = match[3] ? safeTelHref(token) : null;
    if (web) segments.push({ kind: 'link', text: token, href: web });
    else if (match[2]) segments.push({ kind: 'email', text: token, href: `mailto:${token}` });
    else if (phone) segments.push({ kind: 'phone', text: token, href: phone });
    else pushText(token);
    pushText(trailing);
    last = start + match[0].length;
  }
  pushText(text.slice(last));
  return segments;
}
