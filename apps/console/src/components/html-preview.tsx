// A preview of operator HTML as members will see it (decision 0093): sanitised with the
// member app's allowlist (@wallet/contract/html-allowlist, DOMPurify) and rendered as the
// member app renders it. The allowlist keeps no script, handler, style, form or frame, and
// links only to http(s), tel and mailto (opening a new tab), so it cannot act on the console.
// (A sandboxed srcdoc frame showed nothing under the server's CSP, default-src 'self'.)
import DOMPurify from 'dompurify';
import { HTML_SANITIZE_CONFIG, openLinksSafely } from '@wallet/contract/html-allowlist';
import './html-preview.css';

let hooked = false;

/** The same cleaning the server applies before storing and the member app before rendering. */
export function sanitizeOperatorHtml(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', openLinksSafely);
  }
  return DOMPurify.sanitize(html, HTML_SANITIZE_CONFIG);
}

interface HtmlPreviewProps {
  html: string;
  /** Names the preview for screen readers ("Preview (Thai)"). */
  title: string;
  lang: string;
}

export function HtmlPreview({ html, title, lang }: HtmlPreviewProps) {
  return (
    <div
      className="html-preview"
      role="group"
      aria-label={title}
      lang={lang}
      data-testid="html-preview"
      dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(html) }}
    />
  );
}
