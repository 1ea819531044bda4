// Operator HTML is sanitised before it is stored (decision 0093) with the same library and
// allowlist the member app renders it with (DOMPurify, @wallet/contract/html-allowlist), so
// what is stored is what members see. DOMPurify needs a DOM: a jsdom window, made on the
// first call only (a server that never stores operator HTML never loads jsdom).
import createDOMPurify from 'dompurify';
import { HTML_SANITIZE_CONFIG, openLinksSafely } from '@wallet/contract/html-allowlist';

type Purifier = ReturnType<typeof createDOMPurify>;
let purifier: Promise<Purifier> | undefined;

async function makePurifier(): Promise<Purifier> {
  const { JSDOM } = await import('jsdom');
  const purify = createDOMPurify(new JSDOM('').window as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('afterSanitizeAttributes', openLinksSafely);
  return purify;
}

/** `html` with everything outside the allowlist removed (scripts, handlers, bad links). */
export async function sanitizeHtml(html: string): Promise<string> {
  purifier ??= makePurifier();
  return (await purifier).sanitize(html, HTML_SANITIZE_CONFIG);
}

/** Operator HTML per language (contact text, refund text, a banner's caption, a slice's text). */
export interface LocalizedHtml {
  th: string;
  la: string;
  en: string;
}

/** Each language of `value` sanitised; other fields kept. */
export async function sanitizeLocalizedHtml<T extends LocalizedHtml>(value: T): Promise<T> {
  return {
    ...value,
    th: await sanitizeHtml(value.th),
    la: await sanitizeHtml(value.la),
    en: await sanitizeHtml(value.en),
  };
}

/** Promotion banners (an image and an HTML caption per language): each caption sanitised. */
export function sanitizeBanners<B extends { html: LocalizedHtml }>(banners: readonly B[]) {
  return Promise.all(
    banners.map(async (banner) => ({ ...banner, html: await sanitizeLocalizedHtml(banner.html) })),
  );
}

/** Bidirectional overrides and isolates: they can make shown text read other than it is. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * Operator text that members see as text, never as HTML (the home's announcement line, a
 * banner's alternative text; decision 0134): every tag removed (what an ordinary tag held
 * stays as its text; a script's or style's goes with it), entities decoded, control
 * characters, bidirectional overrides and runs of white space made one space, trimmed.
 */
export async function sanitizePlainText(text: string): Promise<string> {
  purifier ??= makePurifier();
  const body = (await purifier).sanitize(text, {
    ALLOWED_TAGS: [],
    KEEP_CONTENT: true,
    RETURN_DOM: true,
  });
  return (body.textContent ?? '')
    .replace(BIDI_CONTROLS, '')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}

/** Each language of `value` as plain text (sanitizePlainText); other fields kept. */
export async function sanitizeLocalizedText<T extends LocalizedHtml>(value: T): Promise<T> {
  return {
    ...value,
    th: await sanitizePlainText(value.th),
    la: await sanitizePlainText(value.la),
    en: await sanitizePlainText(value.en),
  };
}
