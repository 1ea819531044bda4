// Operator HTML (conditions, contact text) goes through DOMPurify with an allowlist before it
// is rendered (reliability.md security checklist). Links may only be http(s), tel or mailto.
// The allowlist is the contract's, shared with the server and the console (decision 0093).
import DOMPurify from 'dompurify';
import { HTML_SANITIZE_CONFIG, openLinksSafely } from '@wallet/contract/html-allowlist';

let hooked = false;

function ensureHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', openLinksSafely);
}

export function sanitizeHtml(html: string): string {
  ensureHook();
  return DOMPurify.sanitize(html, HTML_SANITIZE_CONFIG);
}
