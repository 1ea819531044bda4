import { html, page } from '../../lib/html.js';
import { formatAge, formatUtc } from '../sms/sms.page.js';
import type { PushSubscriptionRecord, ReceivedPush } from './push.store.js';

export const PUSH_REFRESH_SECONDS = 3;
const PAGE_SIZE = 200;

export interface PushView {
  subscriptions: PushSubscriptionRecord[];
  messages: ReceivedPush[];
  now: Date;
}

function messageCard(message: ReceivedPush, labels: Map<string, string>, now: Date) {
  const received = new Date(message.receivedAt);
  const payload =
    message.json && typeof message.json === 'object'
      ? (message.json as { title?: unknown; body?: unknown; url?: unknown; tag?: unknown })
      : null;
  return html`<article class="card" data-push-id="${message.id}">
    <div class="row">
      <span class="phone">${labels.get(message.subscriptionId) ?? message.subscriptionId}</span>
      <span class="muted"
        ><time datetime="${message.receivedAt}">${formatUtc(received)}</time> ·
        ${formatAge(received, now)}</span
      >
    </div>
    ${
      payload && typeof payload.title === 'string'
        ? html`<p><strong>${payload.title}</strong></p>
            <p class="text">${String(payload.body ?? '')}</p>
            <p class="muted">
              opens ${String(payload.url ?? '')} · tag ${String(payload.tag ?? '')}
            </p>`
        : html`<p class="text">${message.text}</p>`
    }
    <p class="muted">TTL ${message.ttl} s${message.topic ? ` · topic ${message.topic}` : ''}</p>
  </article>`;
}

export function renderPushPage({ subscriptions, messages, now }: PushView): string {
  const labels = new Map(subscriptions.map((s) => [s.id, s.label]));
  const shown = messages.slice(0, PAGE_SIZE);
  const body = html`
    <h1>Push service</h1>
    <p class="muted">
      The sandbox plays the browsers' push service: the app's server encrypts each notification for
      a device and posts it here; the sandbox decrypts it with the device keys it issued and shows
      it, newest first. This page reloads every ${PUSH_REFRESH_SECONDS} s.
      <a href="/push/messages">JSON</a>
    </p>
    <h2>Devices (${subscriptions.length})</h2>
    ${
      subscriptions.length === 0
        ? html`<p class="card muted">No devices yet. POST /push/subscriptions issues one.</p>`
        : html`<ul>
            ${subscriptions.map(
              (s) => html`<li>${s.label} <span class="muted">answers ${s.mode}</span></li>`,
            )}
          </ul>`
    }
    <h2>Messages (${messages.length})</h2>
    ${
      shown.length === 0
        ? html`<p class="card muted">No notifications yet.</p>`
        : shown.map((message) => messageCard(message, labels, now))
    }
  `;
  return page({ title: 'Push service', body, refreshSeconds: PUSH_REFRESH_SECONDS });
}
