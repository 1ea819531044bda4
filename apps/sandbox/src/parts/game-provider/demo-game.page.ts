import { html, page } from '../../lib/html.js';
import { BETS, REEL_SYMBOLS } from './demo-game.js';
import { baht } from './game-provider.page.js';
import type { GameAccount, PlaySession } from './game-provider.store.js';

// The demo game a launch link opens. Plain forms, no script: each bet is a POST that the
// server answers with a redirect back here (post/redirect/get), so the page runs under the
// sandbox's script-free CSP and a reload never plays twice.

const styles = html`<style>
  .game {
    text-align: center;
  }
  .balance {
    font:
      700 2rem/1.2 ui-monospace,
      monospace;
    margin: 4px 0 12px;
  }
  .reels {
    display: flex;
    justify-content: center;
    gap: 8px;
    margin: 8px 0;
  }
  .reel {
    width: 72px;
    height: 72px;
    display: grid;
    place-items: center;
    font-size: 1.6rem;
    font-weight: 700;
    border: 2px solid var(--line);
    border-radius: 12px;
    background: var(--bg);
  }
  .result {
    font-weight: 700;
    min-height: 1.5em;
  }
  .win {
    color: #2e7d32;
  }
  .lose {
    color: #c62828;
  }
  .bets {
    display: flex;
    justify-content: center;
    gap: 8px;
    margin: 12px 0 0;
  }
  .bets button {
    min-width: 88px;
    padding: 12px 8px;
    font-weight: 700;
  }
  .bets button[disabled] {
    opacity: 0.45;
  }
</style>`;

export interface GameView {
  session: PlaySession;
  account: GameAccount;
}

export function renderGame({ session, account }: GameView): string {
  const round = session.lastRound;
  const reels = round ? round.reels : ([0, 1, 2] as const);
  const result = round
    ? round.delta > 0
      ? html`<p class="result win" data-result="win">
          Won ฿${baht(round.win)} on a ฿${baht(round.bet)} bet (+฿${baht(round.delta)})
        </p>`
      : html`<p class="result lose" data-result="lose">Lost the ฿${baht(round.bet)} bet</p>`
    : html`<p class="result muted">Pick a bet to spin.</p>`;
  const body = html`
    ${styles}
    <section class="card game">
      <h1>${account.code} demo slot</h1>
      <p class="muted">Player ${account.username}</p>
      <div class="muted">Balance</div>
      <div class="balance" data-balance="${account.balance}">฿${baht(account.balance)}</div>
      <div class="reels" aria-label="Reels">
        ${reels.map((r) => html`<div class="reel">${REEL_SYMBOLS[r] ?? '?'}</div>`)}
      </div>
      ${result}
      ${session.notice ? html`<p class="result lose" role="alert">${session.notice}</p>` : ''}
      <form class="bets" method="post" action="/play/session/${session.id}/spin">
        ${BETS.map(
          (bet) =>
            html`<button
              type="submit"
              name="bet"
              value="${bet}"
              ${account.balance < bet ? 'disabled' : ''}
            >
              Bet ฿${baht(bet)}
            </button>`,
        )}
      </form>
      ${
        round
          ? html`<p class="muted">
              Round ${round.id}: ฿${baht(round.balanceBefore)} → ฿${baht(round.balance)}
            </p>`
          : ''
      }
      <p class="muted">
        Three of a kind pays 10x, a pair 1.5x. The balance is the provider's: move money in and out
        from the wallet app. <a href="/play/session/${session.id}">Refresh</a>
      </p>
    </section>
  `;
  return page({ title: `${account.code} demo slot`, body });
}

export function renderGameGone(reason: string): string {
  const body = html`<section class="card">
    <h1>Game link not valid</h1>
    <p>${reason}</p>
    <p class="muted">Open the game again from the wallet app to get a new link.</p>
  </section>`;
  return page({ title: 'Game link not valid', body });
}
