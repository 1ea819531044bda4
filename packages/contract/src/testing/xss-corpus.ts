// Hostile strings for the chat renderers' tests (issue 14): every message kind and field of
// the member widget and the console is fed each of these, and nothing may execute (no
// element the text did not come from, no `on*` attribute, no `javascript:`/`data:`/`vbscript:`
// link). Sources: the OWASP XSS filter evasion cheat sheet and PortSwigger's XSS cheat sheet,
// cut to what a text renderer or a link builder could get wrong.
export const XSS_CORPUS: readonly string[] = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload=window.__xss=1>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">click</a>',
  'javascript:window.__xss=1',
  'JaVaScRiPt:window.__xss=1',
  ' javascript:window.__xss=1',
  'java\u0000script:window.__xss=1',
  'java&#x09;script:window.__xss=1',
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '<body onload=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<style>@import "javascript:window.__xss=1"</style>',
  '{{constructor.constructor("window.__xss=1")()}}',
  '${window.__xss=1}',
  'https://example.com/"onmouseover="window.__xss=1',
  'https://example.com/<script>window.__xss=1</script>',
  'http://x.test/?q=<img src=x onerror=window.__xss=1>',
  'tel:+66<script>window.__xss=1</script>',
  '&lt;script&gt;window.__xss=1&lt;/script&gt;',
  '\u202Egnp.exe',
];

/**
 * True when rendered markup shows an injection: an element or attribute the renderer never
 * writes itself, or a link with a script scheme. Renderer tests assert it is false for the
 * container's innerHTML after rendering each corpus entry.
 */
export function looksInjected(html: string): boolean {
  return (
    /<(script|iframe|svg|math|style|body|details|object|embed)\b/i.test(html) ||
    /<img\b[^>]*\bonerror\b/i.test(html) ||
    /\son[a-z]+\s*=/i.test(html) ||
    /\b(href|src|action|formaction)\s*=\s*["']?\s*(javascript|data|vbscript):/i.test(html)
  );
}
