import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isBet } from './demo-game.js';
import { renderGame, renderGameGone } from './demo-game.page.js';
import type { FaultInjector } from './game-provider.faults.js';
import { PROVIDER_PAGE_ROWS, renderProviderPage } from './game-provider.page.js';
import { pageQuerySchema } from './game-provider.schemas.js';
import type { GameProviderStore } from './game-provider.store.js';

// What a browser opens, without the key: the tester page and the demo game behind a launch
// link. The launch token and the session id in the URL are the only credentials, as with a
// real provider's game URL.

const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const spinBodySchema = z.object({ bet: z.coerce.number().int() });

export function registerGameProviderPages(
  app: FastifyInstance,
  store: GameProviderStore,
  faults: FaultInjector,
) {
  // Bets arrive from a plain HTML form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/provider', async (request, reply) => {
    const query = pageQuerySchema.safeParse(request.query);
    const code = query.success ? query.data.code : undefined;
    const html = renderProviderPage({
      ...(code === undefined ? {} : { code }),
      accounts: store.listAccounts(),
      totals: (c) => store.totals(c),
      transfers: store.recentTransfers(PROVIDER_PAGE_ROWS, code),
      rounds: store.recentRounds(20, code),
      played: (c, username) => store.accountBets(c, username),
      faults: faults.report(),
    });
    return reply
      .code(query.success ? 200 : 400)
      .type('text/html; charset=utf-8')
      .send(html);
  });

  // The launch link: one use, then the game lives at its session URL.
  app.get('/play/:token', async (request, reply) => {
    const token = tokenSchema.safeParse((request.params as { token: string }).token);
    const session = token.success ? store.redeemLaunch(token.data) : undefined;
    if (!session) {
      return reply
        .code(410)
        .type('text/html; charset=utf-8')
        .send(renderGameGone('This launch link has expired or was already used.'));
    }
    return reply.redirect(`/play/session/${session.id}`, 303);
  });

  app.get('/play/session/:id', async (request, reply) => {
    const id = tokenSchema.safeParse((request.params as { id: string }).id);
    const session = id.success ? store.getSession(id.data) : undefined;
    const account = session && store.getAccount(session.code, session.username);
    if (!session || !account) {
      return reply
        .code(410)
        .type('text/html; charset=utf-8')
        .send(renderGameGone('This game session has ended.'));
    }
    const page = renderGame({ session, account });
    delete session.notice; // shown once
    return reply.type('text/html; charset=utf-8').send(page);
  });

  app.post('/play/session/:id/spin', async (request, reply) => {
    const id = tokenSchema.safeParse((request.params as { id: string }).id);
    const body = spinBodySchema.safeParse(request.body ?? {});
    const session = id.success ? store.getSession(id.data) : undefined;
    if (!session) {
      return reply
        .code(410)
        .type('text/html; charset=utf-8')
        .send(renderGameGone('This game session has ended.'));
    }
    const bet = body.success ? body.data.bet : NaN;
    if (!isBet(bet)) {
      session.notice = 'Choose a bet of 1, 5 or 10 baht.';
    } else {
      const result = store.play(session.id, bet);
      if (result.type === 'insufficient') session.notice = 'Not enough balance for that bet.';
      else if (result.type === 'played') delete session.notice;
    }
    return reply.redirect(`/play/session/${session.id}`, 303);
  });
}
