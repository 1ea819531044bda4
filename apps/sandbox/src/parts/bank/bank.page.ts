import { formatBaht, satangToBaht } from '@wallet/contract';
import { SafeHtml, html, noticeLine, page, type Notice } from '../../lib/html.js';
import {
  DEMO_MEMBER_ACCOUNT,
  accountKey,
  type BankAccountRef,
  type KnownAccount,
} from './bank-accounts.store.js';
import type { Charge } from './bank-qr.store.js';
import { maskAccountNo, thaiBankCodes, type Transfer } from './bank-transfers.store.js';
import type { BankFaults, Payee, Payout } from './bank.store.js';
import type { Delivery } from './bank.webhooks.js';

export const BANK_PAGE_ROWS = 50;
/** Lists of QR charges and transfers on the page. */
export const BANK_PAGE_QR_ROWS = 20;
/** Members' accounts the transfer form offers (the book keeps more). */
export const BANK_PAGE_ACCOUNTS = 200;

/** Satang as `1,234.50`: display only, the API stays in satang. */
export function baht(satang: number): string {
  return formatBaht(satangToBaht(satang));
}

function utc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** `123-4-56789-0` style grouping is bank-specific; 3-3-rest as the product's profile page. */
export function groupAccountNo(accountNo: string): string {
  return [accountNo.slice(0, 3), accountNo.slice(3, 6), accountNo.slice(6)]
    .filter(Boolean)
    .join('-');
}

export interface BankPageView {
  payees: Payee[];
  payeeCount: number;
  payouts: Payout[];
  payoutCount: number;
  faults: ReturnType<BankFaults['report']>;
  openCharges: Charge[];
  paidCharges: Charge[];
  /** The newest webhook delivery of a charge. */
  lastDelivery: (chargeId: string) => Delivery | undefined;
  transfers: Transfer[];
  transferCount: number;
  /** Members' accounts seen in payouts and transfers, most recent first (decision 0127). */
  accounts: KnownAccount[];
  accountCount: number;
  /** The account the transfer form is filled with. */
  from: BankAccountRef;
  /** True when the tester just picked it: the amount field takes the focus. */
  picked: boolean;
  notice?: Notice | undefined;
  now: Date;
}

/** Messages for the codes the page's forms redirect with (never free text from the URL). */
export const bankNotices: Record<string, Notice> = {
  PAID: { kind: 'ok', text: 'Paid. The gateway is sending the webhook to the wallet.' },
  REDELIVERED: { kind: 'ok', text: 'Webhook sent again.' },
  INVALID_PAYLOAD: {
    kind: 'bad',
    text: 'Not a valid PromptPay bill payment (check the whole text was pasted; the CRC must match).',
  },
  UNKNOWN_CHARGE: { kind: 'bad', text: 'This QR is not one of this gateway’s charges.' },
  ALREADY_PAID: { kind: 'bad', text: 'This QR was already paid.' },
  CANCELLED: { kind: 'bad', text: 'This QR was cancelled.' },
  EXPIRED: { kind: 'bad', text: 'This QR has expired.' },
  NOT_PAID: { kind: 'bad', text: 'Only a paid QR has a webhook to send again.' },
  INVALID_TRANSFER: {
    kind: 'bad',
    text: 'Check the transfer: account numbers are 6-20 digits, names are required, the amount is a positive baht amount with at most 2 decimals.',
  },
  CAPACITY_REACHED: { kind: 'bad', text: 'The sandbox is full; try again in a few minutes.' },
};

/**
 * Form defaults: the operator's seeded KBANK deposit account and 100 baht. The sender is the
 * account picked, else the member account seen last, else the demo member (decision 0127).
 */
export const transferDefaults = {
  toBank: 'KBANK',
  toAccount: '0408123456',
  toName: '',
  amount: '100.00',
};

export const transferBanks = Object.keys(thaiBankCodes).filter((code) => code !== 'TTB');

function timeLeft(expiresAt: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((Date.parse(expiresAt) - now.getTime()) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function openChargeRow(c: Charge, now: Date): SafeHtml {
  return html`<li data-charge="${c.chargeId}" data-ref="${c.merchantRef}">
    <div class="row">
      <span><b>${c.gateway}</b> ref <code>${c.merchantRef}</code></span>
      <span class="num">฿${baht(c.amount)}</span>
    </div>
    <div class="row muted">
      <span>expires in ${timeLeft(c.expiresAt, now)} (${utc(c.expiresAt)})</span>
    </div>
    <form class="inline" method="post" action="/bank/page/qr-pay">
      <input type="hidden" name="payload" value="${c.payload}" />
      <button type="submit" data-pay="${c.merchantRef}">Pay ฿${baht(c.amount)}</button>
    </form>
  </li>`;
}

function paidChargeRow(c: Charge, delivery: Delivery | undefined): SafeHtml {
  const hook = delivery
    ? html`<span
        class="${delivery.status === 'FAILED' ? 'bad' : delivery.status === 'DELIVERED' ? 'ok' : ''}"
        >webhook ${delivery.status} · ${delivery.attempts}
        attempt${delivery.attempts === 1 ? '' : 's'}${
          delivery.lastStatusCode === null ? '' : html` · HTTP ${delivery.lastStatusCode}`
        }</span
      >`
    : html`<span>no webhook yet</span>`;
  return html`<li data-charge="${c.chargeId}" data-ref="${c.merchantRef}">
    <div class="row">
      <span><b>${c.gateway}</b> ref <code>${c.merchantRef}</code></span>
      <span class="num">฿${baht(c.amount)} PAID</span>
    </div>
    <div class="row muted">
      <span>txn <code>${c.txnId}</code></span>
      <span>${c.paidAt === null ? '' : utc(c.paidAt)}</span>
    </div>
    <div class="row muted">
      ${hook}
      <form class="inline" method="post" action="/bank/page/redeliver">
        <input type="hidden" name="gateway" value="${c.gateway}" />
        <input type="hidden" name="chargeId" value="${c.chargeId}" />
        <button type="submit" class="secondary">Send webhook again</button>
      </form>
    </div>
  </li>`;
}

function transferRow(t: Transfer): SafeHtml {
  return html`<li data-transref="${t.transRef}">
    <div class="row">
      <span
        ><b>${t.sender.bankCode}</b> ${maskAccountNo(t.sender.accountNo)} →
        <b>${t.receiver.bankCode}</b> ${groupAccountNo(t.receiver.accountNo)}</span
      >
      <span class="num">฿${baht(t.amount)}</span>
    </div>
    <div class="row muted">
      <span>${t.sender.name} · <code>${t.transRef}</code></span>
      <span>${utc(t.transferredAt)}</span>
    </div>
    <div class="actions">
      <a href="/bank/slip/${t.transRef}">Slip</a>
      <a href="/bank/transfers/${t.transRef}/slip.png" download="slip-${t.transRef}.png">PNG</a>
      <a href="/bank/transfers/${t.transRef}/slip.jpg" download="slip-${t.transRef}.jpg">JPEG</a>
    </div>
  </li>`;
}

function bankSelect(name: string, selected: string): SafeHtml {
  // A member's bank the list lacks (seen in a payout) is offered too, not silently replaced.
  const codes = transferBanks.includes(selected) ? transferBanks : [...transferBanks, selected];
  return html`<select name="${name}">
    ${codes.map(
      (code) =>
        html`<option value="${code}" ${code === selected ? new SafeHtml('selected') : ''}>
          ${code}
        </option>`,
    )}
  </select>`;
}

/** `KBANK 123-456-7890 · SOMCHAI JAIDEE`, as the account picker lists it. */
function accountLabel(account: BankAccountRef, demo: boolean): string {
  const label = `${account.bankCode} ${groupAccountNo(account.accountNo)} · ${account.name}`;
  return demo ? `${label} (demo member)` : label;
}

/** Known accounts, then the demo member when the bank has not seen it. */
export function offeredAccounts(accounts: KnownAccount[]): BankAccountRef[] {
  const demoKey = accountKey(DEMO_MEMBER_ACCOUNT);
  return accounts.some((a) => accountKey(a) === demoKey)
    ? accounts
    : [...accounts, DEMO_MEMBER_ACCOUNT];
}

function accountPicker(view: BankPageView): SafeHtml {
  const offered = offeredAccounts(view.accounts);
  const selected = accountKey(view.from);
  const demoKey = accountKey(DEMO_MEMBER_ACCOUNT);
  return html`<section class="card" id="accounts">
    <h2>Members' accounts (${view.accountCount})</h2>
    <p class="muted">
      The accounts this bank has seen: paid out to by the wallet (withdrawals) or sending a transfer
      from this page. The sandbox cannot see the wallet's members; a new member's account joins the
      list with its first transfer or withdrawal. Pick one to fill the transfer form.
    </p>
    <form class="stack" method="get" action="/bank">
      <label
        >Account
        <select name="from">
          ${offered.map(
            (account) =>
              html`<option
                value="${accountKey(account)}"
                ${accountKey(account) === selected ? new SafeHtml('selected') : ''}
              >
                ${accountLabel(account, accountKey(account) === demoKey)}
              </option>`,
          )}
        </select></label
      >
      <button type="submit" class="secondary">Fill the transfer form</button>
    </form>
  </section>`;
}

function payeeRow(p: Payee): SafeHtml {
  return html`<li data-account="${p.bankCode}:${p.accountNo}">
    <div class="row">
      <span><b>${p.bankCode}</b> ${groupAccountNo(p.accountNo)}</span>
      <span class="num">฿${baht(p.total)}</span>
    </div>
    <div class="row muted">
      <span>${p.accountName}</span>
      <span>${p.count} payout${p.count === 1 ? '' : 's'} · last ${utc(p.lastPaidAt)}</span>
    </div>
  </li>`;
}

function payoutRow(p: Payout): SafeHtml {
  return html`<li data-ref="${p.ref}">
    <div class="row">
      <span><b>${p.bankCode}</b> ${groupAccountNo(p.accountNo)} ${p.accountName}</span>
      <span class="num">฿${baht(p.amount)} ${p.status}</span>
    </div>
    <div class="row muted">
      <span>ref <code>${p.ref}</code></span>
      <span>${utc(p.paidAt)}</span>
    </div>
  </li>`;
}

export function renderBankPage(view: BankPageView): string {
  const d = transferDefaults;
  const body = html`
    <h1>Bank</h1>
    <p class="muted">
      A bank, simulated: the QR gateway for KBANK, WW and PAYTIMZ (PromptPay bill payments with
      webhooks), transfers that issue slips with the bank's mini-QR, and the payouts the wallet
      sends to members. Amounts in baht; nothing leaves this machine.
      <a href="/bank">Reload</a>
    </p>
    ${noticeLine(view.notice)}
    ${
      view.faults.active
        ? html`<p class="card bad" role="status">
            Fault switch ON: ${Math.round(view.faults.fail * 1000) / 10}% of payouts answer 500
            without paying (seed ${view.faults.seed}, ${view.faults.failed} failed so far).
          </p>`
        : ''
    }
    <section class="card" id="qr">
      <h2>Open QR codes (${view.openCharges.length})</h2>
      ${
        view.openCharges.length === 0
          ? html`<p class="muted">
              None open. Create a QR in the wallet's deposit dialog, then reload.
            </p>`
          : html`<ul class="list">
              ${view.openCharges.map((c) => openChargeRow(c, view.now))}
            </ul>`
      }
      <form class="stack split" method="post" action="/bank/page/qr-pay" id="pay-payload">
        <label
          >Or paste a QR payload (what a banking app reads when it scans)
          <textarea
            name="payload"
            required
            maxlength="512"
            placeholder="000201010212..."
          ></textarea>
        </label>
        <button type="submit">Pay this QR</button>
      </form>
    </section>
    ${accountPicker(view)}
    <section class="card" id="transfer">
      <h2>Transfer to an account</h2>
      <p class="muted">
        Makes a transfer and its slip (PNG or JPEG with the bank's mini-QR) to upload in the wallet.
        Upload within 1 hour.
      </p>
      <form class="stack" method="post" action="/bank/page/transfer">
        <fieldset>
          <legend>From (the member: pick another above, or type it)</legend>
          <label>Bank ${bankSelect('fromBank', view.from.bankCode)}</label>
          <label
            >Account no.
            <input
              name="fromAccount"
              inputmode="numeric"
              pattern="[0-9]{6,20}"
              required
              value="${view.from.accountNo}"
          /></label>
          <label class="wide"
            >Name <input name="fromName" required maxlength="100" value="${view.from.name}"
          /></label>
        </fieldset>
        <fieldset>
          <legend>To (the wallet's account)</legend>
          <label>Bank ${bankSelect('toBank', d.toBank)}</label>
          <label
            >Account no.
            <input
              name="toAccount"
              inputmode="numeric"
              pattern="[0-9]{6,20}"
              required
              value="${d.toAccount}"
          /></label>
          <label class="wide"
            >Name (optional) <input name="toName" maxlength="100" value="${d.toName}"
          /></label>
        </fieldset>
        <label
          >Amount (baht)
          <input
            name="amount"
            inputmode="decimal"
            required
            value="${d.amount}"
            ${
              // Focused (and scrolled to) after a pick. The picker's form has no #fragment:
              // a page opened at one skips autofocus.
              view.picked ? new SafeHtml('autofocus') : ''
            }
          />
        </label>
        <button type="submit">Transfer and show the slip</button>
      </form>
    </section>
    <section class="card" id="transfers">
      <h2>Transfers (${view.transferCount})</h2>
      ${
        view.transfers.length === 0
          ? html`<p class="muted">None yet.</p>`
          : html`<ul class="list">
              ${view.transfers.map(transferRow)}
            </ul>`
      }
    </section>
    <section class="card" id="qr-paid">
      <h2>Paid QR codes</h2>
      ${
        view.paidCharges.length === 0
          ? html`<p class="muted">None yet.</p>`
          : html`<ul class="list">
              ${view.paidCharges.map((c) => paidChargeRow(c, view.lastDelivery(c.chargeId)))}
            </ul>`
      }
    </section>
    <section class="card" id="payees">
      <h2>Accounts paid (${view.payeeCount})</h2>
      ${
        view.payees.length === 0
          ? html`<p class="muted">No payouts yet. Withdraw from the wallet app.</p>`
          : html`<ul class="list">
              ${view.payees.map(payeeRow)}
            </ul>`
      }
    </section>
    <section class="card" id="payouts">
      <h2>Recent payouts (${view.payoutCount})</h2>
      ${
        view.payouts.length === 0
          ? html`<p class="muted">None yet.</p>`
          : html`<ul class="list">
              ${view.payouts.map(payoutRow)}
            </ul>`
      }
    </section>
  `;
  return page({ title: 'Bank', body });
}

/** GET /bank/slip/:transRef: the slip as the banking app shows it, with downloads. */
export function renderSlipPage(transfer: Transfer): string {
  const t = transfer;
  const body = html`
    <p><a href="/bank#transfers">← Bank</a></p>
    <h1>Transfer slip</h1>
    <p class="muted">
      ฿${baht(t.amount)} from ${t.sender.name} (${t.sender.bankCode}) to ${t.receiver.bankCode}
      ${groupAccountNo(t.receiver.accountNo)} at ${utc(t.transferredAt)}. Reference
      <code>${t.transRef}</code>.
    </p>
    <img
      class="slip"
      src="/bank/transfers/${t.transRef}/slip.png"
      alt="Transfer slip ${t.transRef}"
      width="480"
    />
    <p class="actions">
      <a
        class="button"
        href="/bank/transfers/${t.transRef}/slip.png"
        download="slip-${t.transRef}.png"
        >Download slip (PNG)</a
      >
      <a
        class="button secondary"
        href="/bank/transfers/${t.transRef}/slip.jpg"
        download="slip-${t.transRef}.jpg"
        >JPEG</a
      >
    </p>
    <p class="muted">Upload it in the wallet's deposit dialog within 1 hour of the transfer.</p>
  `;
  return page({ title: `Slip ${t.transRef}`, body });
}

/** 404 page for an unknown slip. */
export function renderSlipMissing(): string {
  return page({
    title: 'Slip not found',
    body: html`<p><a href="/bank#transfers">← Bank</a></p>
      <h1>Slip not found</h1>
      <p class="muted">No transfer has this reference (transfers are kept at least a day).</p>`,
  });
}
