// The one piece of jsdom the server uses (lib/sanitize-html.ts): a window for DOMPurify.
// (@types/jsdom is not installed; this keeps the import typed without it.)
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: unknown;
  }
}
