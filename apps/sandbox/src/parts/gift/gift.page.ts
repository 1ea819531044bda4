import { createHash } from 'node:crypto';
import { formatBaht, satangToBaht } from '@wallet/contract';
import { PAGE_CSP, SafeHtml, html, noticeLine, page, type Notice } from '../../lib/html.js';
import type { Voucher } from './gift.store.js';

export const GIFT_PAGE_ROWS = 20;

function baht(satang: number): string {
  return formatBaht(satangToBaht(satang));
}

function utc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** `081-xxx-5678`: enough for a tester to tell wallets apart. */
export function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}-xxx-${mobile.slice(-4)}`;
}

// The one script on sandbox pages: copy a link to the clipboard (with a fallback for plain
// http on a LAN, where navigator.clipboard is missing). Allowed by its hash only.
const COPY_SCRIPT = `document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('button[data-copy]');if(!b)return;var i=document.getElementById(b.getAttribute('data-copy'));if(!i)return;i.focus();i.select();var done=function(t){b.textContent=t;setTimeout(function(){b.textContent='Copy'},1500)};var legacy=function(){try{done(document.execCommand('copy')?'Copied':'Select and copy')}catch(x){done('Select and copy')}};if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(i.value).then(function(){done('Copied')},legacy)}else{legacy()}});`;

// Built outside any template so no formatter can add whitespace the hash does not cover.
const COPY_SCRIPT_TAG = new SafeHtml(`<script>${COPY_SCRIPT}</script>`);

/** PAGE_CSP plus the hash of the copy script. */
export const GIFT_PAGE_CSP = PAGE_CSP.replace(
  "default-src 'none';",
  `default-src 'none'; script-src 'sha256-${createHash('sha256').update(COPY_SCRIPT).digest('base64')}';`,
);

export const giftNotices: Record<string, Notice> = {
  CREATED: { kind: 'ok', text: 'Gift link created. Copy it and paste it in the wallet.' },
  INVALID_VOUCHER: {
    kind: 'bad',
    text: 'Check the form: the mobile is 10 digits, the amount a positive baht amount with at most 2 decimals.',
  },
  CAPACITY_REACHED: { kind: 'bad', text: 'The sandbox is full; try again in a few minutes.' },
  SUCCESS: { kind: 'ok', text: 'Received. The gift is now in that wallet.' },
  VOUCHER_OUT_OF_STOCK: { kind: 'bad', text: 'This gift was already received.' },
  VOUCHER_EXPIRED: { kind: 'bad', text: 'This gift link has expired.' },
  CANNOT_GET_OWN_VOUCHER: { kind: 'bad', text: 'The owner cannot receive their own gift.' },
  INVALID_MOBILE: { kind: 'bad', text: 'Enter a 10-digit mobile number.' },
};

function statusBadge(v: Voucher): SafeHtml {
  const cls = v.status === 'active' ? 'ok' : v.status === 'expired' ? 'bad' : 'muted';
  return html`<span class="${cls}" data-status="${v.status}">${v.status}</span>`;
}

function linkField(id: string, link: string): SafeHtml {
  return html`<div class="copy">
    <input id="${id}" readonly value="${link}" aria-label="Gift link" />
    <button type="button" data-copy="${id}">Copy</button>
  </div>`;
}

function voucherRow(v: Voucher, link: string): SafeHtml {
  return html`<li data-hash="${v.hash}">
    <div class="row">
      <span>from <span class="phone">${v.ownerMobile}</span></span>
      <span class="num">฿${baht(v.amount)} ${statusBadge(v)}</span>
    </div>
    <div class="row muted">
      <span><a href="${link}">Open link</a></span>
      <span>expires ${utc(v.expiresAt)}</span>
    </div>
    ${v.status === 'active' ? linkField(`link-${v.hash}`, link) : ''}
  </li>`;
}

export interface GiftPageView {
  vouchers: Voucher[];
  count: number;
  fresh?: Voucher | undefined;
  linkOf: (hash: string) => string;
  notice?: Notice | undefined;
}

export function renderGiftPage(view: GiftPageView): string {
  const body = html`
    <h1>Gift links</h1>
    <p class="muted">
      A TrueMoney-like gift-voucher issuer. Create a link from the member's wallet (their registered
      phone), then paste it in the wallet's deposit dialog. Each link is received once.
      <a href="/gift">Reload</a>
    </p>
    ${noticeLine(view.notice)}
    ${
      view.fresh
        ? html`<section class="card notice" id="new-link" data-hash="${view.fresh.hash}">
            <h2>New gift link · ฿${baht(view.fresh.amount)}</h2>
            ${linkField('new-link-input', view.linkOf(view.fresh.hash))}
          </section>`
        : ''
    }
    <section class="card" id="create">
      <h2>Create a gift link</h2>
      <form class="stack" method="post" action="/gift/page/create">
        <label
          >Owner's mobile (the member's registered phone)
          <input
            name="ownerMobile"
            inputmode="numeric"
            pattern="[0-9]{10}"
            required
            value="0812345678"
        /></label>
        <label
          >Amount (baht)
          <input name="amount" inputmode="decimal" required value="100.00" />
        </label>
        <button type="submit">Create gift link</button>
      </form>
    </section>
    <section class="card" id="vouchers">
      <h2>Recent gift links (${view.count})</h2>
      ${
        view.vouchers.length === 0
          ? html`<p class="muted">None yet.</p>`
          : html`<ul class="list">
              ${view.vouchers.map((v) => voucherRow(v, view.linkOf(v.hash)))}
            </ul>`
      }
    </section>
    ${COPY_SCRIPT_TAG}
  `;
  return page({ title: 'Gift links', body });
}

export function renderCampaignPage(voucher: Voucher | undefined, notice?: Notice): string {
  if (!voucher) {
    return page({
      title: 'Gift not found',
      body: html`<h1>Gift not found</h1>
        <p class="muted">This gift link does not exist (or it was spent or expired long ago).</p>
        <p><a href="/gift">Gift links</a></p>`,
    });
  }
  const v = voucher;
  const body = html`
    <section class="card" id="voucher" data-hash="${v.hash}">
      <p class="muted">TrueMoney-like gift · sandbox</p>
      <h1 class="num">฿${baht(v.amount)}</h1>
      <p>from <span class="phone">${maskMobile(v.ownerMobile)}</span> · ${statusBadge(v)}</p>
      <p class="muted">
        ${
          v.status === 'redeemed' && v.redeemedAt !== null
            ? html`Received by ${maskMobile(v.redeemedBy ?? '')} at ${utc(v.redeemedAt)}.`
            : html`Expires ${utc(v.expiresAt)}.`
        }
      </p>
    </section>
    ${noticeLine(notice)}
    ${
      v.status === 'active'
        ? html`<section class="card">
            <h2>Receive this gift</h2>
            <p class="muted">
              The wallet receives it for you when you paste the link there. To receive it by hand
              (for example to test a duplicate), enter the receiving wallet's mobile.
            </p>
            <form method="post" action="/gift/page/redeem">
              <input type="hidden" name="v" value="${v.hash}" />
              <input
                name="mobile"
                inputmode="numeric"
                pattern="[0-9]{10}"
                required
                placeholder="0899999999"
                aria-label="Receiving mobile"
              />
              <button type="submit">Receive</button>
            </form>
          </section>`
        : ''
    }
    <p><a href="/gift">All gift links</a></p>
  `;
  return page({ title: `Gift ฿${baht(v.amount)}`, body });
}
