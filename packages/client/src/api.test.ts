import { routes } from '@wallet/contract/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  errorCodeOf,
  freshKeyOnIdempotentRoutes,
  queryString,
  type ApiClientConfig,
} from './api';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** fetch answering `reply`, recording each request. */
function fakeFetch(reply: (sent: Sent) => { status: number; body?: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const request: Sent = {
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      };
      sent.push(request);
      const answer = reply(request);
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
        status: answer.status,
      });
    }),
  );
  return sent;
}

const client = (config: Partial<ApiClientConfig> = {}) =>
  createApiClient({
    headers: ({ token = 'tok' }) => ({
      'x-app': 'test',
      ...(token ? { Authorization: token } : {}),
    }),
    ...config,
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('createApiClient: the one transport of both apps', () => {
  it("calls a route with its method, path params, query and JSON body, with the app's headers", async () => {
    const sent = fakeFetch(() => ({ status: 200, body: { message: 'ok', status: 'x' } }));
    await client().call(routes.operator.decideWithdrawal, {
      params: { id: 'W 1/2' },
      body: { decision: 'approve' },
    });
    await client().call(routes.operator.audit, { query: { q: 'a b', page: 2, operator: '' } });
    expect(sent[0]).toMatchObject({
      url: '/api/operator/withdrawals/W%201%2F2',
      method: 'POST',
      body: { decision: 'approve' },
    });
    expect(sent[0]!.headers).toMatchObject({
      'x-app': 'test',
      Authorization: 'tok',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
    expect(sent[1]!.url).toBe('/api/operator/audit?q=a+b&page=2');
    expect(sent[1]!.headers['Content-Type']).toBeUndefined();
    expect(queryString({ a: null, b: undefined })).toBe('');
  });

  it('sends an Idempotency-Key by the app policy', async () => {
    const sent = fakeFetch(() => ({ status: 200, body: {} }));
    const body = { from: 'WALLET', to: 'PG', amount: 10 };
    // By default only the key the caller passes (the member app, decision 0021).
    await client().call(routes.wallet.transfer, { body });
    await client().call(routes.wallet.transfer, { body, idempotencyKey: 'k-1' });
    // freshKeyOnIdempotentRoutes: fresh per call on the contract's idempotent routes (the console).
    const console_ = client({ idempotencyKey: freshKeyOnIdempotentRoutes });
    await console_.call(routes.wallet.transfer, { body });
    await console_.call(routes.wallet.transfer, { body, idempotencyKey: 'k-2' });
    await console_.call(routes.wallet.get);
    const keys = sent.map((s) => s.headers['idempotency-key']);
    expect(keys[0]).toBeUndefined();
    expect(keys[1]).toBe('k-1');
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[3]).toBe('k-2');
    expect(keys[4]).toBeUndefined();
  });

  it('throws one ApiError with the code, the status and the details', async () => {
    fakeFetch(() => ({
      status: 400,
      body: { message: 'WITHDRAW_FORFEIT', forfeit: 12.5, withdrawable: 3, retryAfterSeconds: 9 },
    }));
    const error = await client()
      .call(routes.wallet.get)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'WITHDRAW_FORFEIT', code: 'WITHDRAW_FORFEIT' });
    expect((error as ApiError).details).toEqual({
      forfeit: 12.5,
      withdrawable: 3,
      retryAfterSeconds: 9,
    });
    fakeFetch(() => ({ status: 502 }));
    expect(
      errorCodeOf(
        await client()
          .call(routes.wallet.get)
          .catch((e: unknown) => e),
      ),
    ).toBe('HTTP_502');
    expect(errorCodeOf(new Error('x'))).toBe('NETWORK_ERROR');
  });

  it('hands gone and identity failures to the app, and runs beforeError first', async () => {
    const onGone = vi.fn();
    const onIdentityFailure = vi.fn();
    const order: string[] = [];
    const api = client({
      onGone,
      onIdentityFailure: (failure) => {
        order.push('identity');
        onIdentityFailure(failure);
      },
      beforeError: async () => void order.push('texts'),
    });
    fakeFetch(() => ({ status: 200, body: { message: 'gone' } }));
    await expect(api.call(routes.wallet.get)).rejects.toMatchObject({ code: 'gone', status: 200 });
    expect(onGone).toHaveBeenCalledTimes(1);

    fakeFetch(() => ({ status: 401, body: { message: 'EXPIRED_AUTH_TOKEN' } }));
    await expect(api.call(routes.wallet.get)).rejects.toMatchObject({ status: 401 });
    expect(onIdentityFailure).toHaveBeenCalledWith({
      status: 401,
      code: 'EXPIRED_AUTH_TOKEN',
      sent: expect.objectContaining({ Authorization: 'tok' }),
    });
    expect(order).toEqual(['identity', 'texts']);
    // A call that handles it itself (logout) and another token for one call.
    await expect(
      api.call(routes.wallet.get, { quietIdentityFailure: true, token: null }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(onIdentityFailure).toHaveBeenCalledTimes(1);
  });

  it('times out by the route or 60 s, and passes an outer abort on', async () => {
    vi.useFakeTimers();
    // A fetch that answers nothing until its signal aborts it.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<never>((_, reject) =>
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            ),
          ),
      ),
    );
    const timedOut = client()
      .call(routes.wallet.get)
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await timedOut).toEqual(new ApiError('TIMEOUT', 0));

    const outer = new AbortController();
    const aborted = client()
      .call(routes.wallet.get, { signal: outer.signal })
      .catch((e: unknown) => e);
    outer.abort();
    expect(await aborted).toMatchObject({ name: 'AbortError' });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(
      await client()
        .call(routes.wallet.get)
        .catch((e: unknown) => e),
    ).toEqual(new ApiError('NETWORK_ERROR', 0));
  });
});
