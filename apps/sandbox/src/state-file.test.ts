import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from './app.js';
import { STATE_FORMAT, revisionOf, type StateEvent } from './state-file.js';

// Decision 0126: the sandbox keeps its state in a file across restarts. Each test has its
// own temporary folder; nothing here touches the network or ./data.

const KEY = 'state-test-key';
const T0 = Date.UTC(2026, 10, 28, 3, 0, 0);
let dir: string;
let file: string;
let clock: number;
let events: StateEvent[];
const apps: FastifyInstance[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
  file = join(dir, 'data', 'sandbox-state.json');
  clock = T0;
  events = [];
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** A sandbox on the test's file; webhooks go to a fake that answers 200. */
async function start(options: { stateWriteMs?: number; stateFile?: string } = {}) {
  const app = await buildSandbox({
    config: { apiKey: KEY },
    now: () => new Date(clock),
    stateFile: options.stateFile ?? file,
    ...(options.stateWriteMs === undefined ? {} : { stateWriteMs: options.stateWriteMs }),
    onStateEvent: (event) => events.push(event),
    webhooks: { fetch: (async () => new Response('{}', { status: 200 })) as typeof fetch },
  });
  apps.push(app);
  return app;
}

async function stop(app: FastifyInstance) {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
}

function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { 'x-sandbox-key': KEY },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function openGameAccount(app: FastifyInstance, memberRef = 'member-100012') {
  const res = await call(app, 'POST', '/provider/PG/accounts', { memberRef });
  expect(res.statusCode).toBe(201);
  return res.json<{ username: string; password: string }>();
}

async function transfer(app: FastifyInstance, ref: string, username: string, amount: number) {
  const res = await call(app, 'POST', '/provider/PG/transfers', {
    ref,
    username,
    direction: 'in',
    amount,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ status: string; balance: number }>();
}

async function balance(app: FastifyInstance, username: string) {
  const res = await call(app, 'GET', `/provider/PG/accounts/${username}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ balance: number }>().balance;
}

describe('the sandbox state file', () => {
  it('brings every part back after a restart: game accounts, bank, gift links, SMS', async () => {
    const first = await start();
    const account = await openGameAccount(first);
    expect(await transfer(first, 'TR-1', account.username, 50_000)).toMatchObject({
      status: 'APPLIED',
      balance: 50_000,
    });
    const played = await call(first, 'POST', `/provider/PG/accounts/${account.username}/play`, {
      rounds: 3,
      bet: 1000,
      outcome: 'lose',
    });
    expect(played.json()).toMatchObject({ rounds: 3, balance: 47_000 });

    const charge = await call(first, 'POST', '/bank/qr/KBANK/charges', {
      merchantRef: 'DEP000001',
      amount: 10_000,
      expiresAt: new Date(T0 + 10 * 60_000).toISOString(),
      callbackUrl: 'http://127.0.0.1:9/api/webhooks/qr/KBANK',
    });
    const { chargeId, payload } = charge.json<{ chargeId: string; payload: string }>();
    expect((await call(first, 'POST', '/bank/qr/pay', { payload })).statusCode).toBe(201);
    const bankTransfer = await call(first, 'POST', '/bank/transfers', {
      from: { bankCode: 'SCB', accountNo: '4061234567', name: 'SOMSRI DEEJAI' },
      to: { bankCode: 'KBANK', accountNo: '0408123456' },
      amount: 20_000,
    });
    const { transRef, sendingBank } = bankTransfer.json<{
      transRef: string;
      sendingBank: string;
    }>();
    const payout = await call(first, 'POST', '/bank/payouts', {
      ref: 'WD-1',
      bankCode: 'KBANK',
      accountNo: '1234567890',
      accountName: 'SOMCHAI JAIDEE',
      amount: 30_000,
    });
    expect(payout.statusCode).toBe(201);
    const voucher = await call(first, 'POST', '/gift/vouchers', {
      ownerMobile: '0899999999',
      amount: 5_000,
    });
    const { hash } = voucher.json<{ hash: string }>();
    await call(first, 'POST', `/gift/vouchers/${hash}/redeem`, { mobile: '0812345678' });
    await call(first, 'POST', '/sms/messages', { to: '0812345678', text: 'OTP 123456 (ref ABCD)' });
    await stop(first);
    expect(events.map((e) => e.type)).toEqual(['missing']);

    clock += 60_000;
    const second = await start();
    expect(events.at(-1)).toEqual({
      type: 'loaded',
      file,
      summary:
        '1 game account, 1 game transfer, 1 QR charge, 1 bank transfer, 1 payout, 1 gift voucher, 1 SMS',
    });
    expect(await balance(second, account.username)).toBe(47_000);
    // The same member gets the same account, with its password.
    const again = await call(second, 'POST', '/provider/PG/accounts', {
      memberRef: 'member-100012',
    });
    expect(again.json()).toEqual(account);
    const ref = await call(second, 'GET', '/provider/PG/transfers/TR-1');
    expect(ref.json()).toMatchObject({ status: 'APPLIED', amount: 50_000 });
    const bets = await call(
      second,
      'GET',
      `/provider/PG/accounts/${account.username}/bets?since=${new Date(T0).toISOString()}`,
    );
    expect(bets.json()).toEqual({ bets: 3000, wins: 0, rounds: 3 });
    const ledger = await call(second, 'GET', '/provider/PG/ledger');
    expect(ledger.json()).toMatchObject({ totals: { accounts: 1, balance: 47_000, bets: 3000 } });
    const paid = await call(second, 'GET', `/bank/qr/KBANK/charges/${chargeId}`);
    expect(paid.json()).toMatchObject({ status: 'PAID', merchantRef: 'DEP000001' });
    const slip = await call(second, 'POST', '/bank/slips/verify', { sendingBank, transRef });
    expect(slip.json()).toMatchObject({ amount: 20_000, sender: { name: 'SOMSRI DEEJAI' } });
    const paidOut = await call(second, 'GET', '/bank/payouts/WD-1');
    expect(paidOut.json()).toMatchObject({ status: 'PAID', amount: 30_000 });
    // The members' accounts the transfer form offers (decision 0127).
    expect(second.sandbox.bank.accounts.list(5).map((a) => a.accountNo)).toEqual([
      '1234567890',
      '4061234567',
    ]);
    const gift = await call(second, 'GET', `/gift/vouchers/${hash}`);
    expect(gift.json()).toMatchObject({ status: 'redeemed' });
    const sms = await call(second, 'GET', '/sms/messages?to=0812345678');
    expect(sms.json<{ text: string }[]>().map((m) => m.text)).toEqual(['OTP 123456 (ref ABCD)']);
  });

  it('applies a transfer ref once across a restart: the re-send answers the first outcome', async () => {
    const first = await start();
    const { username } = await openGameAccount(first);
    expect(await transfer(first, 'TR-ONCE', username, 25_000)).toMatchObject({
      status: 'APPLIED',
      balance: 25_000,
    });
    await stop(first);

    const second = await start();
    const resent = await transfer(second, 'TR-ONCE', username, 25_000);
    expect(resent).toMatchObject({ status: 'APPLIED', balance: 25_000 });
    expect(await balance(second, username)).toBe(25_000);
    const conflict = await call(second, 'POST', '/provider/PG/transfers', {
      ref: 'TR-ONCE',
      username,
      direction: 'in',
      amount: 1,
    });
    expect([conflict.statusCode, conflict.json()]).toEqual([409, { error: 'REF_CONFLICT' }]);
    // A new ref still moves money, and the next start sees both.
    await transfer(second, 'TR-TWO', username, 100);
    await stop(second);
    const third = await start();
    expect(await balance(third, username)).toBe(25_100);
  });

  it('writes a change while running, within the write interval, without waiting for close', async () => {
    const app = await start({ stateWriteMs: 20 });
    await openGameAccount(app);
    const deadline = Date.now() + 5000;
    while (!existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      format: string;
      gameProvider: { accounts: { memberRef: string }[] };
    };
    expect(saved.format).toBe(STATE_FORMAT);
    expect(saved.gameProvider.accounts.map((a) => a.memberRef)).toEqual(['member-100012']);
    // Written whole: no temporary file is left beside it.
    expect(readdirSync(join(dir, 'data'))).toEqual(['sandbox-state.json']);
  });

  it('counts every kind of change, so none waits for another to be written', async () => {
    const app = await start();
    const steps: [string, () => Promise<unknown>][] = [];
    let username = '';
    let charge = { chargeId: '', payload: '' };
    let hash = '';
    const qr = (merchantRef: string) =>
      call(app, 'POST', '/bank/qr/KBANK/charges', {
        merchantRef,
        amount: 10_000,
        expiresAt: new Date(T0 + 60_000).toISOString(),
        callbackUrl: 'http://127.0.0.1:9/hook',
      });
    steps.push(
      ['open a game account', async () => (username = (await openGameAccount(app)).username)],
      ['reset its password', () => call(app, 'POST', `/provider/PG/accounts/${username}/password`)],
      ['transfer in', () => transfer(app, 'TR-R', username, 10_000)],
      [
        'refuse a transfer out (a rejection is an outcome too)',
        () =>
          call(app, 'POST', '/provider/PG/transfers', {
            ref: 'TR-X',
            username,
            direction: 'out',
            amount: 99_999,
          }),
      ],
      [
        'play',
        () => call(app, 'POST', `/provider/PG/accounts/${username}/play`, { rounds: 1, bet: 100 }),
      ],
      ['open a QR charge', async () => (charge = (await qr('DEP0000R1')).json())],
      ['pay it', () => call(app, 'POST', '/bank/qr/pay', { payload: charge.payload })],
      [
        'cancel another',
        async () => {
          const other = (await qr('DEP0000R2')).json<{ chargeId: string }>();
          return app.inject({
            method: 'DELETE',
            url: `/bank/qr/KBANK/charges/${other.chargeId}`,
            headers: { 'x-sandbox-key': KEY },
          });
        },
      ],
      [
        'make a bank transfer',
        () =>
          call(app, 'POST', '/bank/transfers', {
            from: { bankCode: 'SCB', accountNo: '4061234567', name: 'A' },
            to: { bankCode: 'KBANK', accountNo: '0408123456' },
            amount: 100,
          }),
      ],
      [
        'pay out',
        () =>
          call(app, 'POST', '/bank/payouts', {
            ref: 'WD-R',
            bankCode: 'KBANK',
            accountNo: '1234567890',
            accountName: 'A',
            amount: 100,
          }),
      ],
      [
        'create a gift voucher',
        async () =>
          (hash = (
            await call(app, 'POST', '/gift/vouchers', { ownerMobile: '0899999999', amount: 100 })
          ).json<{ hash: string }>().hash),
      ],
      [
        'redeem it',
        () => call(app, 'POST', `/gift/vouchers/${hash}/redeem`, { mobile: '0812345678' }),
      ],
      ['send an SMS', () => call(app, 'POST', '/sms/messages', { to: '0812345678', text: 'hi' })],
    );
    for (const [step, run] of steps) {
      const before = revisionOf(app.sandbox);
      await run();
      expect(revisionOf(app.sandbox), step).toBeGreaterThan(before);
    }
    const before = revisionOf(app.sandbox);
    await call(app, 'GET', `/provider/PG/accounts/${username}`);
    await call(app, 'POST', '/provider/PG/transfers', {
      ref: 'TR-R',
      username,
      direction: 'in',
      amount: 10_000,
    });
    expect(revisionOf(app.sandbox), 'reads and replays change nothing').toBe(before);
  });

  it('writes nothing when nothing changed', async () => {
    const app = await start({ stateWriteMs: 10 });
    await call(app, 'GET', '/provider/PG/accounts');
    await new Promise((r) => setTimeout(r, 50));
    await stop(app);
    expect(existsSync(file)).toBe(false);
  });

  it('makes the file 0600 and a folder it creates 0700', async () => {
    const app = await start();
    await openGameAccount(app);
    await stop(app);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);
  });

  it('moves a corrupt file aside, says so, starts empty and writes a good file again', async () => {
    const first = await start();
    const { username } = await openGameAccount(first);
    await stop(first);
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.slice(0, good.length / 2)); // cut short, as by a full disk

    const second = await start();
    const moved = events.at(-1);
    expect(moved).toMatchObject({ type: 'movedAside', file, reason: expect.any(String) });
    const movedTo = (moved as { movedTo: string }).movedTo;
    expect(movedTo).toMatch(/sandbox-state\.json\.corrupt-20261128T030000Z$/);
    expect(readFileSync(movedTo, 'utf8')).toBe(good.slice(0, good.length / 2));
    expect(statSync(movedTo).mode & 0o777).toBe(0o600);
    expect(existsSync(file)).toBe(false);
    const unknown = await call(second, 'GET', `/provider/PG/accounts/${username}`);
    expect(unknown.statusCode).toBe(404);

    await openGameAccount(second, 'member-100013');
    await stop(second);
    const third = await start();
    expect(events.at(-1)).toMatchObject({
      type: 'loaded',
      summary: expect.stringMatching(/^1 game account,/),
    });
    expect((await call(third, 'GET', '/provider/PG/accounts')).json()).toMatchObject([
      { memberRef: 'member-100013' },
    ]);
  });

  it.each([
    ['a JSON file of something else', JSON.stringify({ hello: 'world' })],
    ['a newer version', JSON.stringify({ format: STATE_FORMAT, version: 2, savedAt: '' })],
    [
      'a part that is not an object',
      JSON.stringify({ format: STATE_FORMAT, version: 1, bank: [] }),
    ],
    [
      'a store snapshot of an unknown version',
      JSON.stringify({ format: STATE_FORMAT, version: 1, gift: { version: 9, vouchers: [] } }),
    ],
  ])('moves aside %s too', async (_what, text) => {
    mkdirSync(join(dir, 'data'));
    writeFileSync(file, text);
    await start();
    expect(events).toMatchObject([{ type: 'movedAside', file }]);
    expect(existsSync(file)).toBe(false);
  });

  it('never moves a folder named as the state file (SANDBOX_STATE_FILE=./data by mistake)', async () => {
    const folder = join(dir, 'data');
    mkdirSync(folder);
    writeFileSync(join(folder, 'wallet.db'), 'the server database');
    const app = await start({ stateFile: folder });
    expect(events).toMatchObject([{ type: 'movedAside', file: folder, movedTo: null }]);
    expect(readFileSync(join(folder, 'wallet.db'), 'utf8')).toBe('the server database');
    await openGameAccount(app);
    await stop(app);
    expect(events.at(-1)).toMatchObject({ type: 'writeFailed', file: folder });
    expect(readdirSync(folder)).toEqual(['wallet.db']);
  });

  it('keeps running when the file cannot be written, and says so once', async () => {
    // The folder is a file: nothing can be written below it.
    writeFileSync(join(dir, 'data'), 'not a folder');
    const app = await start({ stateWriteMs: 10 });
    expect(events).toMatchObject([{ type: 'movedAside' }]); // cannot be read either
    await openGameAccount(app, 'member-1');
    await new Promise((r) => setTimeout(r, 60));
    await openGameAccount(app, 'member-2');
    await stop(app);
    const failures = events.filter((e) => e.type === 'writeFailed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ file, reason: expect.stringMatching(/EEXIST|ENOTDIR/) });
  });

  it('keeps state in memory only without a state file (what tests and inject use)', async () => {
    const app = await buildSandbox({ config: { apiKey: KEY } });
    apps.push(app);
    await openGameAccount(app);
    await stop(app);
    expect(readdirSync(dir)).toEqual([]);
  });
});
