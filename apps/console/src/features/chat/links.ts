// Safe links for the chat renderer (decision 0097). Text is never HTML: React writes it as
// text, and only these helpers decide what becomes a link. A web link must parse as http(s);
// a phone becomes `tel:` with its digits only; an e-mail address `mailto:`. Anything else
// (javascript:, data:, vbscript:, a protocol-relative `//host`) stays text or gets no href.

/** The href for a web address (http or https only), or null. */
export function safeWebHref(text: string): string | null {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The src/href for a file or image the server named: an http(s) URL, or a same-site path
 * (`/static/...`, never `//host`), or null.
 */
export function safeMediaHref(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  if (/^\/(?![/\\])/.test(text)) {
    try {
      const url = new URL(text, 'http://same.site');
      return url.host === 'same.site' ? `${url.pathname}${url.search}` : null;
    } catch {
      return null;
    }
  }
  return safeWebHref(text);
}

/** `tel:` with `+` and digits only, for a text that is a phone number; else null. */
export function telHref(text: string): string | null {
  if (!/^\+?[0-9][0-9 -]{2,19}$/.test(text.trim())) return null;
  return `tel:${text.replace(/[^+0-9]/g, '')}`;
}

export type Segment =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string; external: boolean };

// A web address, an e-mail address, or a phone number of 9 to 15 digits (with +, spaces and
// dashes between them).
const TOKEN =
  /(https?:\/\/[^\s<>"'`]+)|([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})|(\+?\d(?:[ -]?\d){8,14})/g;

/** Splits a message text into plain text and safe links (addresses made clickable). */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  const push = (segment: Segment) => {
    const prev = out[out.length - 1];
    if (segment.kind === 'text' && prev?.kind === 'text') prev.text += segment.text;
    else out.push(segment);
  };
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    let token = match[0];
    // Trailing punctuation closes the sentence, not the address.
    if (match[1]) token = token.replace(/[.,;:!?)\]}]+$/, '');
    const href = match[1] ? safeWebHref(token) : match[2] ? `mailto:${token}` : telHref(token);
    if (start > last) push({ kind: 'text', text: text.slice(last, start) });
    if (href) push({ kind: 'link', text: token, href, external: Boolean(match[1]) });
    else push({ kind: 'text', text: token });
    last = start + token.length;
  }
  if (last < text.length) push({ kind: 'text', text: text.slice(last) });
  return out;
}
