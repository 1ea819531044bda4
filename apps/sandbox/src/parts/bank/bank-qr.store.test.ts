import { checksum, parse } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { QrGatewayStore, qrBillerIds, type ChargeRequest } from './bank-qr.store.js';

function clock() {
  let ms = Date.UTC(2026, 10, 22, 4, 0, 0);
  return { now: () => new Date(ms), advance: (by: number) => void (ms += by) };
}

const charge = (merchantRef: string, change: Partial<ChargeRequest> = {}): ChargeRequest => ({
  gateway: 'KBANK',
  merchantRef,
  amount: 15_075,
  expiresAt: '2026-11-22T04:10:00.000Z',
  callbackUrl: 'http://127.0.0.1:9/hook',
  ...change,
});

function created(store: QrGatewayStore, request: ChargeRequest) {
  const result = store.create(request);
  if (result.type !== 'created') throw new Error(`not created: ${result.type}`);
  return result.charge;
}

/** Re-encodes a payload with its CRC recomputed, as a forger would. */
function resign(payloadWithoutCrc: string): string {
  const body = `${payloadWithoutCrc}6304`;
  return body + checksum(body, true);
}

describe('QrGatewayStore charges', () => {
  it('makes a real PromptPay bill payment (tag 30) with biller, refs, amount and CRC', () => {
    const store = new QrGatewayStore(clock().now);
    for (const gateway of ['KBANK', 'WW', 'PAYTIMZ'] as const) {
      const c = created(store, charge(`REF${gateway}01`, { gateway, amount: 150_075 }));
      const qr = parse(c.payload, true, true);
      expect(qr).not.toBeNull();
      expect(qr!.getTagValue('01')).toBe('12'); // dynamic QR: one payment
      expect(qr!.getTagValue('30', '00')).toBe('A000000677010112');
      expect(qr!.getTagValue('30', '01')).toBe(qrBillerIds[gateway]);
      expect(qr!.getTagValue('30', '02')).toBe(`REF${gateway}01`);
      expect(qr!.getTagValue('30', '03')).toBe(gateway);
      expect(qr!.getTagValue('53')).toBe('764'); // THB
      expect(qr!.getTagValue('54')).toBe('1500.75');
      expect(c.status).toBe('OPEN');
    }
    expect(new Set(Object.values(qrBillerIds)).size).toBe(3);
    for (const id of Object.values(qrBillerIds)) expect(id).toMatch(/^\d{15}$/);
  });

  it('replays the same merchantRef and amount, refuses another amount, per gateway', () => {
    const store = new QrGatewayStore(clock().now);
    const first = created(store, charge('DEP000001'));
    expect(store.create(charge('DEP000001'))).toEqual({ type: 'replayed', charge: first });
    expect(store.create(charge('DEP000001', { amount: 15_076 }))).toEqual({ type: 'conflict' });
    // The same reference at another gateway is another charge.
    expect(store.create(charge('DEP000001', { gateway: 'WW' })).type).toBe('created');
    expect(store.size).toBe(2);
  });

  it('expires at expiresAt, and cancels (again and again) unless paid', () => {
    const time = clock();
    const store = new QrGatewayStore(time.now);
    const c = created(store, charge('DEP000002'));
    time.advance(10 * 60_000 - 1);
    expect(store.get('KBANK', c.chargeId)?.status).toBe('OPEN');
    time.advance(1);
    expect(store.get('KBANK', c.chargeId)?.status).toBe('EXPIRED');
    expect(store.list({ limit: 10, status: 'OPEN' })).toEqual([]);
    expect(store.cancel('KBANK', c.chargeId).type).toBe('cancelled');
    expect(store.cancel('KBANK', c.chargeId).type).toBe('cancelled');
    expect(store.cancel('WW', c.chargeId).type).toBe('unknown');
    expect(store.get('WW', c.chargeId)).toBeUndefined();
  });
});

describe('QrGatewayStore.payByPayload', () => {
  it('pays exactly once; every later pay is already_paid', () => {
    const store = new QrGatewayStore(clock().now);
    const c = created(store, charge('DEP000003'));
    const first = store.payByPayload(c.payload);
    expect(first.type).toBe('paid');
    if (first.type !== 'paid') return;
    expect(first.charge).toMatchObject({ status: 'PAID', paidAt: '2026-11-22T04:00:00.000Z' });
    expect(first.charge.txnId).toMatch(/^TXN[A-Z0-9]{21}$/);
    const again = Array.from({ length: 50 }, () => store.payByPayload(c.payload).type);
    expect(new Set(again)).toEqual(new Set(['already_paid']));
    expect(store.cancel('KBANK', c.chargeId)).toEqual({ type: 'paid' });
    expect(store.get('KBANK', c.chargeId)?.txnId).toBe(first.charge.txnId);
  });

  it('refuses a cancelled or expired charge', () => {
    const time = clock();
    const store = new QrGatewayStore(time.now);
    const cancelled = created(store, charge('DEP000004'));
    store.cancel('KBANK', cancelled.chargeId);
    expect(store.payByPayload(cancelled.payload).type).toBe('cancelled');
    const late = created(store, charge('DEP000005'));
    time.advance(10 * 60_000);
    expect(store.payByPayload(late.payload).type).toBe('expired');
    expect(store.get('KBANK', late.chargeId)?.status).toBe('EXPIRED');
  });

  it('checks the CRC and the shape: a changed character, a static QR, text', () => {
    const store = new QrGatewayStore(clock().now);
    const c = created(store, charge('DEP000006'));
    const last = c.payload.at(-1) === '0' ? '1' : '0';
    expect(store.payByPayload(c.payload.slice(0, -1) + last).type).toBe('invalid');
    expect(store.payByPayload(c.payload.replace('DEP000006', 'DEP000007')).type).toBe('invalid');
    expect(store.payByPayload('hello').type).toBe('invalid');
    expect(store.payByPayload('').type).toBe('invalid');
    expect(store.get('KBANK', c.chargeId)?.status).toBe('OPEN');
  });

  it('refuses a re-signed payload with another amount, and knows only its own billers and refs', () => {
    const store = new QrGatewayStore(clock().now);
    const c = created(store, charge('DEP000008'));
    const body = c.payload.slice(0, -8); // without 6304 + CRC
    const cheaper = resign(body.replace('5406150.75', '54041.00'));
    expect(parse(cheaper, true)).not.toBeNull(); // a valid payload, just not this charge's amount
    expect(store.payByPayload(cheaper).type).toBe('invalid');
    const otherRef = resign(body.replace('0209DEP000008', '0209DEP999999'));
    expect(store.payByPayload(otherRef).type).toBe('unknown');
    const otherBiller = resign(body.replace(qrBillerIds.KBANK, '011111111111111'));
    expect(store.payByPayload(otherBiller).type).toBe('unknown');
    expect(store.get('KBANK', c.chargeId)?.status).toBe('OPEN');
    expect(store.payByPayload(` ${c.payload}\n`).type).toBe('paid'); // pasted with blanks
  });
});

describe('QrGatewayStore bounds', () => {
  it('keeps open charges and young ones; drops the oldest closed one past retention', () => {
    const time = clock();
    const store = new QrGatewayStore(time.now, { charges: 2, retentionMs: 60_000 });
    const a = created(store, charge('AAAAAA', { expiresAt: '2026-11-22T05:00:00.000Z' }));
    created(store, charge('BBBBBB'));
    expect(store.create(charge('CCCCCC'))).toEqual({ type: 'capacity' });
    time.advance(60_000);
    expect(store.create(charge('CCCCCC'))).toEqual({ type: 'capacity' }); // a is still open
    store.payByPayload(a.payload);
    expect(store.create(charge('CCCCCC')).type).toBe('created');
    expect(store.getById(a.chargeId)).toBeUndefined();
    // Its reference is forgotten with it.
    expect(store.payByPayload(a.payload).type).toBe('unknown');
  });

  it('restores from a snapshot and still pays once', () => {
    const now = clock().now;
    const store = new QrGatewayStore(now);
    const c = created(store, charge('SNAP01'));
    store.payByPayload(c.payload);
    const copy = new QrGatewayStore(now);
    copy.restore(JSON.parse(JSON.stringify(store.snapshot())));
    expect(copy.payByPayload(c.payload).type).toBe('already_paid');
    expect(copy.create(charge('SNAP01'))).toMatchObject({ type: 'replayed' });
  });
});
