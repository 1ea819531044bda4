// Operator HTML (conditions, contact text) goes through DOMPurify with an allowlist before it
// is rendered (reliability.md security checklist). Links may only be http(s), tel or mailto.
// The allowlist is the contract's, shared with the server and the console (decision 0093).
import DOMPurify from 'dompurify';
import {
  HTML_ALLOWED_ATTR,
  HTML_ALLOWED_TAGS,
  HTML_ALLOWED_URI_REGEXP,
  HTML_LINK_REL,
  HTML_LINK_TARGET,
} from '@wallet/contract/html-allowlist';

let hooked = false;

function ensureHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', HTML_LINK_TARGET);
      node.setAttribute('rel', HTML_LINK_REL);
    }
  });
}

export function sanitizeHtml(html: string): string {
  ensureHook();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: HTML_ALLOWED_TAGS,
    ALLOWED_ATTR: HTML_ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: HTML_ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
  });
}
