import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../app.js';
import { noFaults } from './game-provider.faults.js';
import { renderProviderPage } from './game-provider.page.js';

const KEY = 'test-key';
let app: FastifyInstance;
let clock = Date.UTC(2026, 10, 22, 4, 0, 0);

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 22, 4, 0, 0);
  app = await buildSandbox({ config: { apiKey: KEY }, now: () => new Date(clock) });
});
afterEach(() => app.close());

function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return app.inject({
    method,
    url,
    headers: { 'x-sandbox-key': KEY },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function fundedAccount(code = 'PG', amount = 5000) {
  const { username } = (
    await api('POST', `/provider/${code}/accounts`, { memberRef: 'm1' })
  ).json();
  await api('POST', `/provider/${code}/transfers`, {
    ref: 'fund',
    username,
    direction: 'in',
    amount,
  });
  return username as string;
}

async function launch(code: string, username: string): Promise<string> {
  const res = await api('POST', `/provider/${code}/launch`, { username });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().link).pathname;
}

async function balance(code: string, username: string): Promise<number> {
  return (await api('GET', `/provider/${code}/accounts/${username}`)).json().balance;
}

function spin(sessionPath: string, bet: string) {
  return app.inject({
    method: 'POST',
    url: `${sessionPath}/spin`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `bet=${bet}`,
  });
}

async function openGame(code: string, username: string): Promise<string> {
  const opened = await app.inject({ url: await launch(code, username) });
  expect(opened.statusCode).toBe(303);
  const location = opened.headers.location as string;
  expect(location).toMatch(/^\/play\/session\/[A-Za-z0-9_-]{32}$/);
  return location;
}

describe('the demo game behind a launch link', () => {
  it('is a script-free, mobile page showing the provider balance', async () => {
    const username = await fundedAccount();
    const session = await openGame('PG', username);
    const page = await app.inject({ url: session });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<meta name="viewport"');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('data-balance="5000"');
    expect(page.body).toContain('฿50.00');
    expect(page.body).toContain(`action="${session}/spin"`);
    for (const bet of [100, 500, 1000]) {
      expect(page.body).toMatch(new RegExp(`name="bet"\\s+value="${bet}"`));
    }
  });

  it('really changes the provider balance with each bet, and writes the round', async () => {
    const username = await fundedAccount();
    const session = await openGame('PG', username);
    let expected = 5000;
    for (const bet of [100, 500, 1000, 100]) {
      const res = await spin(session, String(bet));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(session);
      const now = await balance('PG', username);
      expect(now).not.toBe(expected); // a round never nets zero
      const page = (await app.inject({ url: session })).body;
      expect(page).toContain(`data-balance="${now}"`);
      expect(page).toMatch(/data-result="(win|lose)"/);
      expected = now;
    }
    const ledger = (await api('GET', '/provider/PG/ledger')).json();
    const rounds = ledger.entries.filter((e: { type: string }) => e.type === 'ROUND');
    expect(rounds.map((r: { amount: number }) => r.amount)).toEqual([100, 500, 1000, 100]);
    expect(rounds.at(-1).balance).toBe(expected);
    expect(ledger.totals.balance).toBe(expected);
    expect(ledger.totals.transfersIn - ledger.totals.bets + ledger.totals.wins).toBe(expected);
  });

  it('refuses a bet above the balance or of another size, moving nothing', async () => {
    const username = await fundedAccount('PG', 300);
    const session = await openGame('PG', username);
    expect((await app.inject({ url: session })).body).toMatch(/value="1000"\s+disabled/);
    expect((await spin(session, '1000')).statusCode).toBe(303);
    expect(await balance('PG', username)).toBe(300);
    const page = (await app.inject({ url: session })).body;
    expect(page).toContain('Not enough balance');
    // The notice shows once.
    expect((await app.inject({ url: session })).body).not.toContain('Not enough balance');
    for (const bet of ['200', 'abc', '-100']) {
      await spin(session, bet);
      expect((await app.inject({ url: session })).body).toContain(
        'Choose a bet of 1, 5 or 10 baht',
      );
    }
    expect(await balance('PG', username)).toBe(300);
  });

  it('opens a launch link once, and not after it expires', async () => {
    const username = await fundedAccount();
    const link = await launch('PG', username);
    expect((await app.inject({ url: link })).statusCode).toBe(303);
    const reused = await app.inject({ url: link });
    expect(reused.statusCode).toBe(410);
    expect(reused.body).toContain('expired or was already used');
    const late = await launch('PG', username);
    clock += 2 * 60_000;
    expect((await app.inject({ url: late })).statusCode).toBe(410);
    expect((await app.inject({ url: '/play/not-a-token!' })).statusCode).toBe(410);
  });

  it('ends an idle session after 30 minutes', async () => {
    const username = await fundedAccount();
    const session = await openGame('PG', username);
    clock += 30 * 60_000;
    expect((await app.inject({ url: session })).statusCode).toBe(410);
    const res = await spin(session, '100');
    expect(res.statusCode).toBe(410);
    expect(await balance('PG', username)).toBe(5000);
  });

  it('answers an unknown session with 410', async () => {
    expect(
      (await app.inject({ url: '/play/session/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode,
    ).toBe(410);
  });
});

describe('GET /provider (tester page)', () => {
  it('shows accounts with balances, transfers, rounds and the fault settings', async () => {
    const username = await fundedAccount('UFABET', 123_456);
    await api('POST', '/provider/UFABET/transfers', {
      ref: 'too-much',
      username,
      direction: 'out',
      amount: 999_999,
    });
    const session = await openGame('UFABET', username);
    await spin(session, '100');
    await api('PUT', '/provider/faults', { http500: 0.1, seed: 77 });
    const res = await app.inject({ url: '/provider' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toMatch(/<meta http-equiv="refresh" content="\d+" \/>/);
    expect(res.body).toContain(`data-username="${username}"`);
    expect(res.body).toContain('data-ref="fund"');
    expect(res.body).toContain('฿1,234.56 APPLIED');
    expect(res.body).toContain('INSUFFICIENT_BALANCE');
    expect(res.body).toMatch(/data-round="R\d+"/);
    // The account's play so far, and how to play many rounds at once (decision 0076).
    expect(res.body).toMatch(/1 round, bets ฿1\.00, wins\s+฿\d/);
    expect(res.body).toContain('id="play-call"');
    expect(res.body).toContain('POST /provider/{code}/accounts/{username}/play');
    expect(res.body).toContain('Fault mode <span class="bad">ON</span>');
    expect(res.body).toContain('10%');
  });

  it('filters by code and refuses an unknown one', async () => {
    await fundedAccount('JOKER');
    await fundedAccount('PG');
    const joker = (await app.inject({ url: '/provider?code=JOKER' })).body;
    expect(joker).toContain('data-code="JOKER"');
    expect(joker).not.toContain('data-code="PG"');
    const bad = await app.inject({ url: '/provider?code=%3Cscript%3E' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('<script>');
    expect(bad.body).toContain('data-code="PG"');
  });

  it('escapes every value it renders', () => {
    const hostile = '<img src=x onerror=1>';
    const page = renderProviderPage({
      accounts: [
        {
          code: 'JOKER',
          username: hostile,
          password: 'p',
          memberRef: hostile,
          balance: 1,
          createdAt: '2026-11-22T04:00:00.000Z',
        },
      ],
      totals: () => ({
        accounts: 1,
        balance: 1,
        transfersIn: 1,
        transfersOut: 0,
        bets: 0,
        wins: 0,
      }),
      transfers: [],
      rounds: [],
      played: () => ({ bets: 100, wins: 0, rounds: 1 }),
      faults: { ...noFaults, active: false, drawn: 0, counts: {} },
    });
    expect(page).not.toContain(hostile);
    expect(page).toContain('&lt;img src=x onerror=1&gt;');
  });
});
