import { formatBaht, providerCategory, providerCodes, satangToBaht } from '@wallet/contract';
import type { ProviderCode } from '@wallet/contract';
import { html, page, type SafeHtml } from '../../lib/html.js';
import { faultKinds, type FaultSettings } from './game-provider.faults.js';
import type {
  GameAccount,
  LedgerEntry,
  ProviderTotals,
  TransferRecord,
} from './game-provider.store.js';
import type { BetTotals } from './round-log.js';

export const PROVIDER_PAGE_REFRESH_SECONDS = 5;
/** Rows per list on the page; the JSON API serves the rest. */
export const PROVIDER_PAGE_ROWS = 50;

/** Satang as `1,234.50` baht: display only, the API stays in satang. */
export function baht(satang: number): string {
  return formatBaht(satangToBaht(satang));
}

/** `2026-11-22 04:51:03 UTC` from an ISO timestamp. */
export function utc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

const extraStyles = html`<style>
  .chips {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0 0 12px;
  }
  .chip {
    padding: 2px 10px;
    border: 1px solid var(--line);
    border-radius: 999px;
    text-decoration: none;
    font-size: 0.9rem;
  }
  .chip[aria-current='page'] {
    background: var(--accent);
    color: #fff;
    border-color: var(--accent);
  }
  .good {
    color: #2e7d32;
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 2px 12px;
    margin: 0 0 8px;
  }
  dt {
    color: var(--muted);
  }
  dd {
    margin: 0;
  }
</style>`;

export interface ProviderPageView {
  code?: ProviderCode;
  accounts: GameAccount[];
  totals: (code: ProviderCode) => ProviderTotals;
  transfers: TransferRecord[];
  rounds: LedgerEntry[];
  /** An account's all-time demo-game bets and wins (left out: not shown). */
  played?: (code: ProviderCode, username: string) => BetTotals;
  faults: FaultSettings & { active: boolean; drawn: number; counts: Record<string, number> };
}

function faultCard(faults: ProviderPageView['faults']): SafeHtml {
  const body = faults.active
    ? html`<dl>
          ${faultKinds.map(
            (kind) =>
              html`<dt>${kind}</dt>
                <dd>
                  <span class="num">${Math.round(faults[kind] * 1000) / 10}%</span>
                  <span class="muted">(${faults.counts[kind] ?? 0} so far)</span>
                </dd>`,
          )}
          <dt>slowMs</dt>
          <dd class="num">${faults.slowMs}</dd>
          <dt>seed</dt>
          <dd class="num">${faults.seed}</dd>
          <dt>requests drawn</dt>
          <dd class="num">${faults.drawn}</dd>
        </dl>
        <p class="muted">Faults hit transfer and balance calls only.</p>`
    : html`<p>Off: every call is answered normally.</p>`;
  return html`<section class="card" id="faults">
    <h2>Fault mode ${faults.active ? html`<span class="bad">ON</span>` : ''}</h2>
    ${body}
    <p class="muted">
      Set with <code>PUT /provider/faults</code> and the key, e.g.
      <code
        >{"noAnswer":0.2,"http500":0.1,"slow":0.1,"slowMs":3000,"appliedAnswerLost":0.1,"duplicate":0.05,"seed":42}</code
      >; all zeros turns it off.
    </p>
  </section>`;
}

function accountsCard(code: ProviderCode, view: ProviderPageView): SafeHtml {
  const accounts = view.accounts.filter((a) => a.code === code);
  const totals = view.totals(code);
  const shown = accounts.slice(-PROVIDER_PAGE_ROWS).reverse();
  return html`<section class="card" id="code-${code}" data-code="${code}">
    <div class="row">
      <h2><a href="/provider?code=${code}">${code}</a></h2>
      <span class="muted"
        >${providerCategory[code]} · ${accounts.length}
        account${accounts.length === 1 ? '' : 's'}</span
      >
    </div>
    <p class="muted">
      Held: <span class="num">฿${baht(totals.balance)}</span> · in ฿${baht(totals.transfersIn)} ·
      out ฿${baht(totals.transfersOut)} · bets ฿${baht(totals.bets)} · wins ฿${baht(totals.wins)}
    </p>
    <ul class="list">
      ${shown.map(
        (a) =>
          html`<li class="row" data-username="${a.username}">
            <span
              ><b>${a.username}</b> <span class="muted">member ${a.memberRef}</span>${playedText(
                view,
                a,
              )}</span
            >
            <span class="num">฿${baht(a.balance)}</span>
          </li>`,
      )}
    </ul>
    ${accounts.length > shown.length ? html`<p class="muted">Newest ${shown.length} shown.</p>` : ''}
  </section>`;
}

function playedText(view: ProviderPageView, account: GameAccount): SafeHtml | string {
  const played = view.played?.(account.code, account.username);
  if (!played || played.rounds === 0) return '';
  return html` <span class="muted"
    >· ${played.rounds} round${played.rounds === 1 ? '' : 's'}, bets ฿${baht(played.bets)}, wins
    ฿${baht(played.wins)}</span
  >`;
}

function transferRow(t: TransferRecord): SafeHtml {
  const sign = t.direction === 'in' ? '+' : '−';
  return html`<li data-ref="${t.ref}">
    <div class="row">
      <span><b>${t.code}</b> ${t.username}</span>
      <span class="num ${t.status === 'APPLIED' ? 'good' : 'bad'}"
        >${sign}฿${baht(t.amount)} ${t.status}</span
      >
    </div>
    <div class="row muted">
      <span>ref <code>${t.ref}</code>${t.reason ? ` · ${t.reason}` : ''}</span>
      <span>${utc(t.createdAt)} · balance ฿${baht(t.balance)}</span>
    </div>
  </li>`;
}

function roundRow(r: LedgerEntry): SafeHtml {
  return html`<li data-round="${r.ref}">
    <div class="row">
      <span><b>${r.code}</b> ${r.username} <span class="muted">${r.ref}</span></span>
      <span class="num ${r.delta >= 0 ? 'good' : 'bad'}"
        >bet ฿${baht(r.amount)} · ${r.delta >= 0 ? '+' : '−'}฿${baht(Math.abs(r.delta))}</span
      >
    </div>
    <div class="muted">${utc(r.at)} · balance ฿${baht(r.balance)}</div>
  </li>`;
}

export function renderProviderPage(view: ProviderPageView): string {
  const counts = new Map<ProviderCode, number>();
  for (const a of view.accounts) counts.set(a.code, (counts.get(a.code) ?? 0) + 1);
  const codes = view.code ? [view.code] : providerCodes.filter((c) => counts.has(c));
  const body = html`
    ${extraStyles}
    <h1>Game provider${view.code ? html` · ${view.code}` : ''}</h1>
    <p class="muted">
      A transfer-wallet provider answering for all ${providerCodes.length} provider codes. Game
      accounts, balances, transfers by reference and demo-game rounds, kept across restarts in the
      sandbox's state file. Reloads every ${PROVIDER_PAGE_REFRESH_SECONDS} s.
    </p>
    <nav class="chips" aria-label="Provider codes">
      <a class="chip" href="/provider" ${view.code ? '' : html`aria-current="page"`}>All</a>
      ${providerCodes.map(
        (c) =>
          html`<a
            class="chip"
            href="/provider?code=${c}"
            ${view.code === c ? html`aria-current="page"` : ''}
            >${c} ${counts.get(c) ?? 0}</a
          >`,
      )}
    </nav>
    ${faultCard(view.faults)}
    ${
      codes.length === 0
        ? html`<p class="card muted">No game accounts yet. Open one from the wallet app.</p>`
        : codes.map((c) => accountsCard(c, view))
    }
    <section class="card" id="transfers">
      <h2>Recent transfers</h2>
      ${
        view.transfers.length === 0
          ? html`<p class="muted">None yet.</p>`
          : html`<ul class="list">
              ${view.transfers.map(transferRow)}
            </ul>`
      }
    </section>
    <section class="card" id="rounds">
      <h2>Recent demo-game rounds</h2>
      ${
        view.rounds.length === 0
          ? html`<p class="muted">None yet. Launch a game from the wallet app and play.</p>`
          : html`<ul class="list">
              ${view.rounds.map(roundRow)}
            </ul>`
      }
      <p class="muted" id="play-call">
        To reach a turnover or a loss quickly, play many rounds in one call with the key:
        <code>POST /provider/{code}/accounts/{username}/play</code>
        <code>{"rounds":200,"bet":1000,"outcome":"lose"}</code> (outcome random, lose or win; at
        most 10,000 rounds; bets 100, 500 or 1000 satang). An account's bets between two times:
        <code>GET /provider/{code}/accounts/{username}/bets?since=&amp;until=</code>. See
        docs/sandbox.md.
      </p>
    </section>
  `;
  return page({
    title: view.code ? `Game provider ${view.code}` : 'Game provider',
    body,
    refreshSeconds: PROVIDER_PAGE_REFRESH_SECONDS,
  });
}
