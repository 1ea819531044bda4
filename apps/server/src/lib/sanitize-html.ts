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
