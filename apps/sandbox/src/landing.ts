import { html, page } from './lib/html.js';
import type { SandboxPart } from './parts/part.js';

/** GET /: what this sandbox simulates and where each part lives. */
export function renderLanding(parts: readonly SandboxPart[]): string {
  const body = html`
    <h1>Sandbox</h1>
    <p class="muted">
      The outside parties the member wallet talks to, simulated on this machine over HTTP so the app
      runs end to end without the internet. Calls that change state need the header
      <code>x-sandbox-key</code>.
    </p>
    ${parts.map(
      (part) =>
        html`<section class="card" id="${part.id}">
          <h2>${part.title}</h2>
          <p>${part.summary}</p>
          <p>
            ${part.pages.map((link) => html`<a class="button" href="${link.href}">${link.label}</a> `)}
          </p>
          <ul>
            ${part.api.map(
              (route) =>
                html`<li>
                  <code>${route.method} ${route.path}</code>
                  <br /><span class="muted">${route.description}</span>
                </li>`,
            )}
          </ul>
        </section>`,
    )}
    <p class="muted"><code>GET /health</code> answers <code>{"ok":true}</code>.</p>
  `;
  return page({ title: 'Sandbox', body });
}
