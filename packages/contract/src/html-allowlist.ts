// The one allowlist for operator HTML (contact text, conditions, agreements, banners):
// the member app sanitises with it before rendering, the server before storing (decision
// 0093), the console before previewing: the lists, DOMPurify options and link hook, with no
// imports, so every bundle can read it
// (`@wallet/contract/html-allowlist`).

export const HTML_ALLOWED_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'br',
  'p',
  'div',
  'span',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'hr',
  'small',
  'sup',
  'sub',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
export const HTML_ALLOWED_ATTR = ['href', 'target', 'rel', 'title', 'colspan', 'rowspan'];
/** Links may only be http(s), tel or mailto. */
export const HTML_ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:[+\d\s-]+$)/i;
/** What every kept link gets: a new tab that cannot reach back to the page. */
export const HTML_LINK_TARGET = '_blank';
export const HTML_LINK_REL = 'noopener noreferrer nofollow';

/** DOMPurify's options for the allowlist: `purify.sanitize(html, HTML_SANITIZE_CONFIG)`. */
export const HTML_SANITIZE_CONFIG = {
  ALLOWED_TAGS: HTML_ALLOWED_TAGS,
  ALLOWED_ATTR: HTML_ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: HTML_ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
};

/**
 * DOMPurify's `afterSanitizeAttributes` hook: every kept link opens a new tab that cannot reach
 * back to the page. Each app installs it once on its own DOMPurify.
 */
export function openLinksSafely(node: {
  tagName: string;
  setAttribute(name: string, value: string): void;
}): void {
  if (node.tagName === 'A') {
    node.setAttribute('target', HTML_LINK_TARGET);
    node.setAttribute('rel', HTML_LINK_REL);
  }
}
