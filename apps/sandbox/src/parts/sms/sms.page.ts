import { html, page, type SafeHtml } from '../../lib/html.js';
import { extractOtp } from './sms.schemas.js';
import type { SmsMessage } from './sms.store.js';

export const INBOX_REFRESH_SECONDS = 3;
/** The page shows this many; the JSON API serves the rest. */
export const INBOX_PAGE_SIZE = 200;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `2026-11-22 04:51:03 UTC`: unambiguous whatever the tester's timezone. */
export function formatUtc(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`
  );
}

export function formatAge(from: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

function messageCard(message: SmsMessage, now: Date): SafeHtml {
  const sent = new Date(message.createdAt);
  const otp = extractOtp(message.text);
  return html`<article class="card" data-sms-id="${message.id}">
    <div class="row">
      <a class="phone" href="/sms?to=${encodeURIComponent(message.to)}">${message.to}</a>
      <span class="muted"
        ><time datetime="${message.createdAt}">${formatUtc(sent)}</time> ·
        ${formatAge(sent, now)}</span
      >
    </div>
    ${
      otp
        ? html`<div class="code" aria-label="OTP code">${otp.code}</div>
            ${otp.ref ? html` <span class="muted">ref ${otp.ref}</span>` : ''}`
        : ''
    }
    <p class="text">${message.text}</p>
  </article>`;
}

export interface InboxView {
  messages: SmsMessage[];
  total: number;
  to?: string;
  error?: string;
  now: Date;
}

export function renderInbox({ messages, total, to, error, now }: InboxView): string {
  const shown = messages.slice(0, INBOX_PAGE_SIZE);
  const heading = to ? html`SMS to ${to}` : html`SMS inbox`;
  const apiHref = to ? `/sms/messages?to=${encodeURIComponent(to)}` : '/sms/messages';
  const body = html`
    <h1>${heading}</h1>
    <p class="muted">
      Every SMS the app sends lands here instead of a phone, newest first. This page reloads every
      ${INBOX_REFRESH_SECONDS} s. ${total} message${total === 1 ? '' : 's'} kept (the newest 1,000,
      also across restarts). <a href="${apiHref}">JSON</a>
    </p>
    <form method="get" action="/sms" role="search">
      <input
        name="to"
        type="tel"
        inputmode="numeric"
        placeholder="Phone number, e.g. 0812345678"
        value="${to ?? ''}"
        aria-label="Phone number"
      />
      <button type="submit">Filter</button>
      ${to ? html`<a class="button" href="/sms">All</a>` : ''}
    </form>
    ${error ? html`<p class="card" role="alert">${error}</p>` : ''}
    ${
      shown.length === 0
        ? html`<p class="card muted">
            No messages${to ? html` to ${to}` : ''} yet. Ask the app for an OTP and it appears here.
          </p>`
        : shown.map((message) => messageCard(message, now))
    }
    ${messages.length > shown.length ? html`<p class="muted">Showing the newest ${shown.length}; the JSON API lists all.</p>` : ''}
  `;
  return page({
    title: to ? `SMS to ${to}` : 'SMS inbox',
    body,
    refreshSeconds: INBOX_REFRESH_SECONDS,
  });
}
