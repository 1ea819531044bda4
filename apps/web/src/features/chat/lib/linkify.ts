// Text messages: web addresses and phone numbers become links (spec section 2, "links and
// addresses made clickable"). The result is a list of plain segments that the renderer turns
// into React elements, so no text ever reaches the page as HTML. Only http(s) links come
// out (a `www.` address gets https://); anything else (javascript:, data:, …) stays text.

export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'phone'; text: string; href: string };

// http(s)://… or www.… up to whitespace or an angle bracket / quote; phone: + and 8..14
// digits, or a local number (0 and 8..10 more digits: Thai 02-123-4567, 081-234-5678, Lao
// 020 5555 1234), single spaces or dashes between digits. Other digit runs (amounts,
// references, timestamps) stay text.
const TOKEN =
  /(\bhttps?:\/\/[^\s<>"'`]+|\bwww\.[^\s<>"'`]+)|((?:\+\d(?:[ -]?\d){7,13}|\b0\d(?:[ -]?\d){7,9})(?![\d-]))/gi;

/** Trailing punctuation that ends a sentence, not the link ("see https://x.com."). */
const TRAILING = /[.,;:!?)\]}]+$/;

/** The safe href of a web address, or null when it is not an http(s) URL. */
export function safeWebHref(raw: string): string | null {
  const candidate = /^www\./i.test(raw) ? `https://${raw}` : raw;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** tel: with digits only (a leading + kept), or null when there are too few digits. */
export function safeTelHref(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 3 || digits.length > 20) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
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
    const href = match[1] ? safeWebHref(token) : safeTelHref(token);
    pushText(text.slice(last, start));
    if (href) {
      segments.push(
        match[1] ? { kind: 'link', text: token, href } : { kind: 'phone', text: token, href },
      );
    } else {
      pushText(token);
    }
    pushText(trailing);
    last = start + match[0].length;
  }
  pushText(text.slice(last));
  return segments;
}
