import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../app.js';

// The tester's bank page: open QR codes with Pay buttons, a paste-payload form, the
// transfer form that leads to the slip, and the webhook status of paid QR codes.

const KEY = 'test-key';
let app: FastifyInstance;
let clock = Date.UTC(2026, 10, 22, 4, 0, 0);
let hooksSent = 0;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 22, 4, 0, 0);
  hooksSent = 0;
  app = await buildSandbox({
    config: { apiKey: KEY },
    now: () => new Date(clock),
    webhooks: {
      fetch: (async () => {
        hooksSent += 1;
        return new Response(null, { status: 204 });
      }) as typeof fetch,
    },
  });
});
afterEach(() => app.close());

async function openCharge(merchantRef: string, gateway = 'KBANK', amount = 15_075) {
  const res = await app.inject({
    method: 'POST',
    url: `/bank/qr/${gateway}/charges`,
    headers: { 'x-sandbox-key': KEY },
    payload: {
      merchantRef,
      amount,
      expiresAt: '2026-11-22T04:10:00Z',
      callbackUrl: 'http://127.0.0.1:3000/hook',
    },
  });
  return res.json() as { chargeId: string; payload: string };
}

/** The HTML of one `<section id=...>` of a page. */
function section(body: string, id: string): string {
  const start = body.indexOf(`id="${id}"`);
  expect(start).toBeGreaterThan(0);
  return body.slice(start, body.indexOf('</section>', start));
}

/** The options of the first select in some HTML, as the browser would read them. */
function options(html: string) {
  return [
    ...html.matchAll(/<option\s+value="([^"]*)"\s*(selected)?\s*>\s*([^<]*?)\s*<\/option>/g),
  ].map(([, value, selected, label]) => ({
    value: value!,
    label: label!.replace(/&#39;/g, "'"),
    ...(selected ? { selected: true } : {}),
  }));
}

/** What the transfer form's "From" fields hold. */
function sender(body: string) {
  const transfer = section(body, 'transfer');
  const from = transfer.slice(0, transfer.indexOf('</fieldset>'));
  const selected = /<select name="fromBank">[\s\S]*?<option value="([^"]+)"\s+selected/.exec(from);
  return {
    bank: selected?.[1],
    account: /name="fromAccount"[\s\S]*?value="([^"]*)"/.exec(from)?.[1],
    name: /name="fromName"[^>]*value="([^"]*)"/.exec(from)?.[1],
  };
}

function form(url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('GET /bank', () => {
  it('is a script-free mobile page with the QR, transfer and payout sections', async () => {
    const res = await app.inject({ url: '/bank' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).not.toContain('script-src');
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('<meta name="viewport"');
    for (const id of ['qr', 'transfer', 'transfers', 'qr-paid', 'payees', 'payouts']) {
      expect(res.body).toContain(`id="${id}"`);
    }
    expect(res.body).toContain('Open QR codes (0)');
    expect(res.body).toContain('action="/bank/page/qr-pay"');
    expect(res.body).toContain('value="0408123456"'); // the operator's seeded KBANK account
  });

  it('lists open charges with a Pay button and the time left', async () => {
    const { chargeId } = await openCharge('DEP000001');
    await openCharge('DEP000002', 'WW', 10_000);
    clock += 61_000;
    const res = await app.inject({ url: '/bank' });
    expect(res.body).toContain('Open QR codes (2)');
    expect(res.body).toContain(`data-charge="${chargeId}"`);
    expect(res.body).toContain('data-pay="DEP000001"');
    expect(res.body).toContain('Pay ฿150.75');
    expect(res.body).toContain('Pay ฿100.00');
    expect(res.body).toContain('expires in 8:59');
  });
});

describe('paying from the page', () => {
  it('the Pay button pays once and says so; the webhook is sent', async () => {
    const { payload, chargeId } = await openCharge('DEP000003');
    const res = await form('/bank/page/qr-pay', { payload });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/bank?n=PAID#qr-paid');
    expect(app.sandbox.bank.qr.getById(chargeId)?.status).toBe('PAID');
    const again = await form('/bank/page/qr-pay', { payload });
    expect(again.headers.location).toBe('/bank?n=ALREADY_PAID#qr');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hooksSent).toBe(1);
    const page = await app.inject({ url: '/bank?n=PAID' });
    expect(page.body).toContain('Paid. The gateway is sending the webhook');
    expect(page.body).toContain('Open QR codes (0)');
    expect(page.body).toContain('webhook DELIVERED');
  });

  it('redirects with the reason for a bad, unknown, cancelled or expired payload', async () => {
    const cancelled = await openCharge('DEP000004');
    await app.inject({
      method: 'DELETE',
      url: `/bank/qr/KBANK/charges/${cancelled.chargeId}`,
      headers: { 'x-sandbox-key': KEY },
    });
    const late = await openCharge('DEP000005');
    expect((await form('/bank/page/qr-pay', { payload: 'junk' })).headers.location).toBe(
      '/bank?n=INVALID_PAYLOAD#qr',
    );
    expect((await form('/bank/page/qr-pay', {})).headers.location).toBe(
      '/bank?n=INVALID_PAYLOAD#qr',
    );
    expect((await form('/bank/page/qr-pay', cancelled)).headers.location).toBe(
      '/bank?n=CANCELLED#qr',
    );
    clock += 10 * 60_000;
    expect((await form('/bank/page/qr-pay', late)).headers.location).toBe('/bank?n=EXPIRED#qr');
    const page = await app.inject({ url: '/bank?n=EXPIRED' });
    expect(page.body).toContain('This QR has expired.');
    // An unknown notice code shows nothing (never text from the URL).
    expect((await app.inject({ url: '/bank?n=%3Cb%3Ehi' })).body).not.toContain('<b>hi');
  });

  it('sends the webhook again from the paid list', async () => {
    const { payload, chargeId } = await openCharge('DEP000006');
    const early = await form('/bank/page/redeliver', { gateway: 'KBANK', chargeId });
    expect(early.headers.location).toBe('/bank?n=NOT_PAID#qr-paid');
    await form('/bank/page/qr-pay', { payload });
    const res = await form('/bank/page/redeliver', { gateway: 'KBANK', chargeId });
    expect(res.headers.location).toBe('/bank?n=REDELIVERED#qr-paid');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hooksSent).toBe(2);
    const bad = await form('/bank/page/redeliver', { gateway: 'SCB', chargeId });
    expect(bad.headers.location).toBe('/bank?n=UNKNOWN_CHARGE#qr-paid');
  });
});

describe('transfers from the page', () => {
  const fields = {
    fromBank: 'SCB',
    fromAccount: '1234567890',
    fromName: 'SOMCHAI JAIDEE',
    toBank: 'KBANK',
    toAccount: '0408123456',
    toName: '',
    amount: '1,500.50',
  };

  it('makes the transfer and shows its slip with download links', async () => {
    const res = await form('/bank/page/transfer', fields);
    expect(res.statusCode).toBe(303);
    const [transfer] = app.sandbox.bank.transfers.list(1);
    expect(transfer).toMatchObject({ amount: 150_050, sendingBank: '014' });
    expect(res.headers.location).toBe(`/bank/slip/${transfer!.transRef}`);
    const slip = await app.inject({ url: res.headers.location as string });
    expect(slip.statusCode).toBe(200);
    expect(slip.body).toContain(`src="/bank/transfers/${transfer!.transRef}/slip.png"`);
    expect(slip.body).toContain(`download="slip-${transfer!.transRef}.png"`);
    expect(slip.body).toContain(`href="/bank/transfers/${transfer!.transRef}/slip.jpg"`);
    expect(slip.body).toContain('฿1,500.50');
    const bank = await app.inject({ url: '/bank' });
    expect(bank.body).toContain('Transfers (1)');
    expect(bank.body).toContain(`data-transref="${transfer!.transRef}"`);
  });

  it.each([
    ['a bad amount', { amount: '1.005' }],
    ['a zero amount', { amount: '0' }],
    ['a short account', { fromAccount: '123' }],
    ['an unknown bank shape', { toBank: 'k bank' }],
    ['no name', { fromName: ' ' }],
  ])('sends %s back to the form', async (_name, change) => {
    const res = await form('/bank/page/transfer', { ...fields, ...change });
    expect(res.headers.location).toBe('/bank?n=INVALID_TRANSFER#transfer');
    expect(app.sandbox.bank.transfers.size).toBe(0);
  });

  it('fills the sender with the demo member before the bank has seen anyone', async () => {
    const res = await app.inject({ url: '/bank' });
    expect(res.body).toContain("Members' accounts (0)");
    const picker = section(res.body, 'accounts');
    expect(picker).toContain('method="get" action="/bank"');
    expect(options(picker)).toEqual([
      {
        value: 'KBANK:1234567890',
        label: 'KBANK 123-456-7890 · SOMCHAI JAIDEE (demo member)',
        selected: true,
      },
    ]);
    expect(sender(res.body)).toEqual({
      bank: 'KBANK',
      account: '1234567890',
      name: 'SOMCHAI JAIDEE',
    });
    expect(section(res.body, 'transfer')).not.toContain('autofocus');
  });

  it("offers the members' accounts the bank has seen, newest first, and fills the form with the one picked", async () => {
    // A withdrawal paid out to a member, then a transfer typed from another member's account.
    const payout = await app.inject({
      method: 'POST',
      url: '/bank/payouts',
      headers: { 'x-sandbox-key': KEY },
      payload: {
        ref: 'WD-1',
        bankCode: 'KTB',
        accountNo: '9876543210',
        accountName: 'NEW MEMBER',
        amount: 10_000,
      },
    });
    expect(payout.statusCode).toBe(201);
    clock += 1000;
    await form('/bank/page/transfer', {
      ...fields,
      fromBank: 'SCB',
      fromAccount: '4061234567',
      fromName: 'SOMSRI DEEJAI',
    });

    const page = await app.inject({ url: '/bank' });
    expect(page.body).toContain("Members' accounts (2)");
    expect(options(section(page.body, 'accounts'))).toEqual([
      { value: 'SCB:4061234567', label: 'SCB 406-123-4567 · SOMSRI DEEJAI', selected: true },
      { value: 'KTB:9876543210', label: 'KTB 987-654-3210 · NEW MEMBER' },
      { value: 'KBANK:1234567890', label: 'KBANK 123-456-7890 · SOMCHAI JAIDEE (demo member)' },
    ]);
    // Without a pick, the account seen last fills the form.
    expect(sender(page.body)).toEqual({
      bank: 'SCB',
      account: '4061234567',
      name: 'SOMSRI DEEJAI',
    });

    const picked = await app.inject({ url: '/bank?from=KTB%3A9876543210' });
    expect(sender(picked.body)).toEqual({ bank: 'KTB', account: '9876543210', name: 'NEW MEMBER' });
    expect(options(section(picked.body, 'accounts')).find((o) => o.selected)?.value).toBe(
      'KTB:9876543210',
    );
    // The amount takes the focus, so a keyboard goes on typing it.
    expect(section(picked.body, 'transfer')).toMatch(/<input\s+name="amount"[^>]*autofocus/);

    // An account the bank has not seen is not made up from the URL.
    const unknown = await app.inject({ url: '/bank?from=KBANK%3A5555555555' });
    expect(sender(unknown.body).account).toBe('4061234567');
    expect(unknown.body).not.toContain('5555555555');
  });

  it('keeps a bank the form lacks when a member was paid there', async () => {
    await app.inject({
      method: 'POST',
      url: '/bank/payouts',
      headers: { 'x-sandbox-key': KEY },
      payload: {
        ref: 'WD-2',
        bankCode: 'UOB',
        accountNo: '1112223334',
        accountName: 'U',
        amount: 100,
      },
    });
    const page = await app.inject({ url: '/bank?from=UOB%3A1112223334' });
    expect(sender(page.body).bank).toBe('UOB');
  });

  it('answers 404 for an unknown slip page', async () => {
    const res = await app.inject({ url: '/bank/slip/NOPE123' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Slip not found');
  });
});
