// Tiny server-side HTML helpers. Every value that reaches a page goes through `html`
// tagged templates, which escape interpolations unless they are already `SafeHtml`.

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"'`]/g, (ch) => entities[ch] ?? ch);
}

type Interpolation = SafeHtml | string | number | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(value);
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** No script runs on sandbox pages; styles are one inline block. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const styles = `
  :root { color-scheme: light dark; --fg: #1b1f24; --muted: #5b6470; --bg: #f4f5f7; --card: #fff;
    --line: #d9dde3; --accent: #0b6bcb; }
  @media (prefers-color-scheme: dark) { :root { --fg: #e8eaed; --muted: #a0a8b3; --bg: #15181c;
    --card: #1f2329; --line: #333a43; --accent: #6cb2ff; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Thai",
    "Noto Sans Lao", sans-serif; color: var(--fg); background: var(--bg); }
  header { padding: 12px 16px; background: var(--card); border-bottom: 1px solid var(--line); }
  header a { color: inherit; text-decoration: none; font-weight: 600; }
  main { max-width: 720px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 1.35rem; margin: 0 0 4px; }
  h2 { font-size: 1.1rem; margin: 0 0 6px; }
  p { margin: 0 0 12px; }
  a { color: var(--accent); }
  .muted { color: var(--muted); font-size: .9rem; }
  .card { background: var(--card); border: 1px solid var(--line); border-radius: 10px;
    padding: 12px 14px; margin: 0 0 12px; overflow-wrap: anywhere; }
  .row { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: baseline;
    justify-content: space-between; }
  .phone { font-weight: 700; font-variant-numeric: tabular-nums; }
  .text { white-space: pre-wrap; margin: 6px 0 0; }
  .code { display: inline-block; margin-top: 6px; padding: 2px 10px; border-radius: 6px;
    border: 1px dashed var(--accent); font: 700 1.5rem/1.4 ui-monospace, monospace;
    letter-spacing: .12em; }
  form { display: flex; gap: 8px; margin: 0 0 16px; }
  input { flex: 1; min-width: 0; font: inherit; padding: 8px 10px; border-radius: 8px;
    border: 1px solid var(--line); background: var(--card); color: inherit; }
  button, .button { font: inherit; padding: 8px 14px; border-radius: 8px; border: 0;
    background: var(--accent); color: #fff; text-decoration: none; white-space: nowrap; }
  code { font-family: ui-monospace, monospace; font-size: .9em; }
  ul { padding-left: 20px; margin: 0; }
  .list { list-style: none; padding: 0; margin: 0; }
  .list li { padding: 6px 0; border-top: 1px solid var(--line); }
  .list li:first-child { border-top: 0; }
  .num { font-variant-numeric: tabular-nums; font-weight: 600; }
  .bad { color: #c62828; }
  .ok { color: #2e7d32; }
  form.stack { flex-direction: column; gap: 10px; }
  form.inline { margin: 6px 0 0; }
  label { display: flex; flex-direction: column; gap: 2px; font-size: .9rem; color: var(--muted); }
  select, textarea { font: inherit; padding: 8px 10px; border-radius: 8px; border: 1px solid var(--line);
    background: var(--card); color: var(--fg); min-width: 0; }
  textarea { width: 100%; min-height: 84px; font: .85rem/1.4 ui-monospace, monospace; }
  fieldset { border: 1px solid var(--line); border-radius: 8px; padding: 8px 10px 10px; margin: 0;
    display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr); gap: 8px; }
  fieldset .wide { grid-column: 1 / -1; }
  legend { font-weight: 600; padding: 0 4px; }
  button.secondary, .button.secondary { background: transparent; color: var(--accent);
    border: 1px solid var(--accent); }
  .slip { display: block; max-width: 100%; height: auto; margin: 0 auto 12px; border-radius: 8px;
    border: 1px solid var(--line); }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; }
  .notice { border-left: 4px solid var(--accent); }
  .copy { display: flex; gap: 8px; margin: 6px 0 0; }
  .split { border-top: 1px solid var(--line); padding-top: 10px; margin-top: 6px; }
`;

/** A message a page shows after a form redirected back to it with a code. */
export interface Notice {
  kind: 'ok' | 'bad';
  text: string;
}

/** The notice as a status line, or nothing. */
export function noticeLine(notice: Notice | undefined): SafeHtml | string {
  return notice ? html`<p class="card notice ${notice.kind}" role="status">${notice.text}</p>` : '';
}

export interface PageOptions {
  title: string;
  body: SafeHtml;
  /** Seconds between automatic reloads; omitted for static pages. */
  refreshSeconds?: number;
}

export function page({ title, body, refreshSeconds }: PageOptions): string {
  const refresh =
    refreshSeconds === undefined
      ? ''
      : html`<meta http-equiv="refresh" content="${refreshSeconds}" />`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        ${refresh}
        <title>${title}</title>
        <style>
          ${new SafeHtml(styles)}
        </style>
      </head>
      <body>
        <header>
          <a href="/">Sandbox</a> <span class="muted">· the outside world, simulated</span>
        </header>
        <main>${body}</main>
      </body>
    </html> `.value;
}
