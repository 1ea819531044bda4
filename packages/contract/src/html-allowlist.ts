// The one allowlist for operator HTML (contact text, conditions, agreements, banners):
// the member app sanitises with it before rendering, the server before storing (decision
// 0093), the console before previewing. Plain data, no imports, so every bundle can read it
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
