import { routes } from '@wallet/contract/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCatalog } from '@/i18n/i18n';
import { th } from '@/i18n/th';
import { ApiError, callApi, queryString } from '@/lib/api';
import { endSession, getSession, getSignOutReason, startSession } from '@/lib/session';
import { fakeFetch } from '@/test/setup';

const admin = {
  token: 'tok-admin',
  operator: { id: 1, username: 'admin', displayName: 'Admin', role: 'admin' as const },
  idleMinutes: 15,
};

describe('callApi', () => {
  beforeEach(() => {
    installCatalog('th', th);
    startSession(admin);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    endSession('signedOut');
  });

  it('sends the wallet-user header, the bearer token from memory and the language', async () => {
    const requests = fakeFetch(() => ({
      status: 200,
      body: { operator: admin.operator, idleMinutes: 15 },
    }));
    const me = await callApi(routes.operator.me);
    expect(me.operator.username).toBe('admin');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.url).toBe('/api/operator/me');
    expect(request!.method).toBe('GET');
    expect(request!.headers['x-wallet-user']).toBe('member');
    expect(request!.headers.authorization).toBe('Bearer tok-admin');
    expect(request!.headers['accept-language']).toBe('th');
    expect(request!.headers['idempotency-key']).toBeUndefined();
    expect(request!.headers['content-type']).toBeUndefined();
  });

  it('writes path parameters and the query string, leaving out empty fields', async () => {
    const requests = fakeFetch(() => ({ status: 200, body: { rows: [], total: 0, page: 2 } }));
    await callApi(routes.operator.audit, {
      query: { q: 'member:100012 x', page: 2, operator: '', from: undefined },
    });
    expect(requests[0]!.url).toBe('/api/operator/audit?q=member%3A100012+x&page=2');
    const decided = fakeFetch(() => ({ status: 200, body: { message: 'ok', status: 'x' } }));
    await callApi(routes.operator.decideWithdrawal, {
      params: { id: 'W 1/2' },
      body: { decision: 'approve' },
    });
    expect(decided[0]!.url).toBe('/api/operator/withdrawals/W%201%2F2');
    expect(decided[0]!.method).toBe('POST');
    expect(decided[0]!.body).toEqual({ decision: 'approve' });
    expect(decided[0]!.headers['content-type']).toBe('application/json');
    expect(queryString(undefined)).toBe('');
    expect(queryString({ a: null, b: '' })).toBe('');
  });

  it('sends a fresh Idempotency-Key to idempotent endpoints, or the one given for a retry', async () => {
    const requests = fakeFetch(() => ({ status: 200, body: { message: 'ok', balance: 10 } }));
    const body = { memberId: '100012', amount: 10, direction: 'credit', reason: 'r' } as const;
    await callApi(routes.operator.adjust, { body });
    await callApi(routes.operator.adjust, { body });
    await callApi(routes.operator.adjust, { body, idempotencyKey: 'retry-key-1' });
    const keys = requests.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('retry-key-1');
  });

  it('throws ApiError { status, code } and keeps the session on a refusal', async () => {
    fakeFetch(() => ({ status: 403, body: { message: 'UNAUTHORIZED' } }));
    const refused = await callApi(routes.operator.audit).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, code: 'UNAUTHORIZED' });
    expect(getSession()).not.toBeNull();

    fakeFetch(() => ({ status: 429, body: { message: 'REQUEST_LIMIT', retryAfterSeconds: 900 } }));
    const locked = await callApi(routes.operator.login, {
      body: { username: 'a', password: 'b' },
    }).catch((error: unknown) => error);
    expect(locked).toMatchObject({
      status: 429,
      code: 'REQUEST_LIMIT',
      details: { retryAfterSeconds: 900 },
    });

    fakeFetch(() => ({ status: 502, body: undefined }));
    await expect(callApi(routes.operator.me)).rejects.toMatchObject({ code: 'HTTP_502' });
    expect(getSession()).not.toBeNull();
  });

  it('signs the operator out with a message on a 401 identity failure', async () => {
    for (const code of ['UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN']) {
      startSession(admin);
      fakeFetch(() => ({ status: 401, body: { message: code } }));
      await expect(callApi(routes.operator.me)).rejects.toMatchObject({ status: 401, code });
      expect(getSession()).toBeNull();
      expect(getSignOutReason()).toBe('expired');
    }
  });

  it('does not sign anyone out for a wrong password (no session yet)', async () => {
    endSession('signedOut');
    fakeFetch(() => ({ status: 401, body: { message: 'WRONG_CREDENTIAL' } }));
    await expect(
      callApi(routes.operator.login, { body: { username: 'admin', password: 'x' } }),
    ).rejects.toMatchObject({ status: 401, code: 'WRONG_CREDENTIAL' });
    expect(getSignOutReason()).toBe('signedOut');
  });

  it('turns a failed network into NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(callApi(routes.operator.me)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });
});
