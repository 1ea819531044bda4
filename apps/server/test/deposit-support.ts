// Test support for deposits: gift links encrypted as the web client does (contract
// GIFT_LINK_SHARED_SECRET), QR creation, and gateway webhooks signed like the sandbox's.
import { createCipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { QrState } from '@wallet/contract';
import { GIFT_LINK_SHARED_SECRET } from '@wallet/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { PaidEvent } from '../src/adapters/memory-qr-gateway';
import { withTransaction } from '../src/db/transaction';
import type { Clock } from '../src/lib/clock';
import { creditDeposit, signWebhook } from '../src/modules/deposits';
import type { TestApp } from './helpers';

/** base64url(iv[12] || AES-256-GCM ciphertext || tag[16]), key = SHA-256(shared secret). */
export function encryptGiftLink(link: string): string {
  const key = createHash('sha256').update(GIFT_LINK_SHARED_SECRET, 'utf8').digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(link, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64url');
}

export const depositKey = (): string => `dep-${randomUUID()}`;

/** The QR answer of the contract. */
export type QrAnswer = QrState;

export function createQr(
  t: Pick<TestApp, 'call'>,
  token: string,
  bank: string,
  amount: unknown,
  key: string = depositKey(),
): Promise<LightMyRequestResponse> {
  return t.call('POST', `/api/qrcode/${bank}`, {
    token,
    headers: { 'idempotency-key': key },
    body: { amount },
  });
}

export function redeemLink(
  t: Pick<TestApp, 'call'>,
  token: string,
  link: string,
  options: { key?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.call('POST', '/api/wallet/truelink', {
    token,
    headers: { 'idempotency-key': options.key ?? depositKey() },
    body: { link },
    ...(options.ip ? { ip: options.ip } : {}),
  });
}

export interface WebhookOptions {
  secret?: string;
  /** Unix seconds; now by default. */
  timestamp?: string;
  /** Replaces the computed signature. */
  signature?: string;
  /** Sent instead of JSON.stringify(event) (the signature covers what is sent). */
  rawBody?: string;
  /** Signed over this text instead of the body sent (a tampered body). */
  signedBody?: string;
  headers?: Record<string, string>;
  gatewayPath?: string;
}

/** Posts a gateway webhook to the app, signed as the sandbox signs it. */
export function deliverWebhook(
  t: Pick<TestApp, 'app' | 'config' | 'clock'>,
  event: PaidEvent | Record<string, unknown>,
  options: WebhookOptions = {},
): Promise<LightMyRequestResponse> {
  const raw = options.rawBody ?? JSON.stringify(event);
  const timestamp = options.timestamp ?? String(Math.floor(t.clock.now().getTime() / 1000));
  const secret = options.secret ?? t.config.deposits.webhookSecret;
  const signature = options.signature ?? signWebhook(secret, timestamp, options.signedBody ?? raw);
  const gateway = options.gatewayPath ?? String((event as { gateway?: unknown }).gateway);
  return t.app.inject({
    method: 'POST',
    url: `/api/webhooks/qr/${gateway}`,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-timestamp': timestamp,
      'x-sandbox-signature': signature,
      ...options.headers,
    },
    payload: raw,
  });
}

let creditedRefs = 0;
/**
 * An outside payment credited to the member's wallet (as a paid QR, a redeemed gift link or a
 * verified slip), at the app's clock or the one given; answers its reference.
 */
export async function creditTestDeposit(
  t: TestApp,
  memberId: number,
  satang: number,
  clock: Clock = t.clock,
): Promise<string> {
  const reference = `TESTDEP${process.pid}x${++creditedRefs}x${Date.now().toString(36)}`;
  await withTransaction(t.db, (trx) =>
    creditDeposit(
      trx,
      { clock, config: t.config },
      {
        event: 'test_deposit',
        actor: 'test',
        memberId,
        currency: 'BAHT',
        amount: satang,
        reference,
        from: 'TEST',
        idempotencyKey: `test:${reference}`,
        externalRef: `test:${reference}`,
      },
    ),
  );
  return reference;
}
