import { formatBaht, satangToBaht } from '@wallet/contract';
import { html, page, type SafeHtml } from '../../lib/html.js';
import type { BankFaults, Payee, Payout } from './bank.store.js';

export const BANK_PAGE_REFRESH_SECONDS = 5;
export const BANK_PAGE_ROWS = 50;

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
  const body = html`
    <h1>Bank</h1>
    <p class="muted">
      Receives the payouts (withdrawals) the wallet sends to members' bank accounts. Amounts in
      baht; nothing leaves this machine. Reloads every ${BANK_PAGE_REFRESH_SECONDS} s.
    </p>
    ${
      view.faults.active
        ? html`<p class="card bad" role="status">
            Fault switch ON: ${Math.round(view.faults.fail * 1000) / 10}% of payouts answer 500
            without paying (seed ${view.faults.seed}, ${view.faults.failed} failed so far).
          </p>`
        : ''
    }
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
  return page({ title: 'Bank', body, refreshSeconds: BANK_PAGE_REFRESH_SECONDS });
}
