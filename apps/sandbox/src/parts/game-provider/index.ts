import type { SandboxPart } from '../part.js';
import { registerGameProviderApi } from './game-provider.routes.js';
import { registerGameProviderPages } from './game-provider.pages.routes.js';
import type { GameProviderStore } from './game-provider.store.js';

export { GameProviderStore, type GameProviderSnapshot } from './game-provider.store.js';

/** The transfer-wallet game provider, answering for every provider code of the contract. */
export function gameProviderPart(store: GameProviderStore): SandboxPart {
  return {
    id: 'game-provider',
    title: 'Game provider',
    summary:
      'A transfer-wallet game provider for all sixteen provider codes: game accounts, balances in satang, transfers exactly once by reference, a playable demo slot behind each launch link, and a seeded fault mode for reliability tests.',
    pages: [{ label: 'Provider accounts and transfers', href: '/provider' }],
    api: [
      {
        method: 'POST',
        path: '/provider/:code/accounts',
        description:
          'Open (or fetch) the game account of { memberRef }: 201 { username, password }.',
      },
      {
        method: 'GET',
        path: '/provider/:code/accounts/:username',
        description: '{ username, balance } in satang. Faultable.',
      },
      {
        method: 'POST',
        path: '/provider/:code/accounts/:username/password',
        description: 'Reset the password: { password }.',
      },
      {
        method: 'POST',
        path: '/provider/:code/transfers',
        description:
          '{ ref, username, direction: in|out, amount } -> { ref, status: APPLIED|REJECTED, balance, reason? }; exactly once by ref. Faultable.',
      },
      {
        method: 'GET',
        path: '/provider/:code/transfers/:ref',
        description: 'Status of a ref: APPLIED, REJECTED or NOT_FOUND.',
      },
      {
        method: 'GET',
        path: '/provider/:code/accounts/:username/bets?since=&until=',
        description:
          '{ bets, wins, rounds } in satang of the rounds at or after since and before until (ISO-8601; until left out: all so far).',
      },
      {
        method: 'POST',
        path: '/provider/:code/accounts/:username/play',
        description:
          'Tester call: { rounds: 1-10000, bet: 100|500|1000, outcome?: random|lose|win } plays the demo game N times -> { rounds, bets, wins, balance, stoppedEarly }.',
      },
      {
        method: 'POST',
        path: '/provider/:code/launch',
        description: '{ username } -> { link, expiresAt }: a one-time link to the demo game.',
      },
      {
        method: 'GET',
        path: '/provider/:code/ledger?after=&limit=',
        description: 'Every applied transfer and game round with balances, plus totals.',
      },
      {
        method: 'PUT',
        path: '/provider/faults',
        description:
          '{ noAnswer, http500, slow, slowMs, appliedAnswerLost, duplicate, seed }; all zeros clears.',
      },
    ],
    register: async (app, context) => {
      // Two scopes: the keyed JSON API (with its own { error } handler) and the browser pages
      // (form bodies, no key), so neither leaks hooks or parsers into the other parts.
      await app.register(async (api) => registerGameProviderApi(api, store, store.faults, context));
      await app.register(async (pages) => registerGameProviderPages(pages, store, store.faults));
    },
  };
}
