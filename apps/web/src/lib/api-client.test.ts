// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANNOT_VERIFY_IDENTITY_TH } from '@wallet/contract/client';
import { getToasts, toast } from '@/components/toast/toast-store';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { routes } from '@wallet/contract/routes';
import { ApiError, callApi } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { setNavigator } from '@/lib/navigation';
import { getToken, isMarkedTerminated, storeToken } from '@/lib/session';

const navigate = vi.fn();

function answer(status: number, body: unknown) {
  return vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  navigate.mockReset();
  setNavigator(navigate);
  installCatalog('en', en);
  window.history.replaceState(null, '', '/user/profile');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('callApi (the member app configuration of @wallet/client/api)', () => {
  it('sends the wallet-user header, the bearer token and the language', async () => {
    storeToken('tok-1', true);
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await callApi(routes.lookup.banks);
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(path).toBe('/api/lookup/banks');
    expect(headers['x-wallet-user']).toBe('member');
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['Accept-Language']).toBe('en');
  });

  it('sends the Idempotency-Key header only on calls that carry a key', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await callApi(routes.wallet.transfer, {
      body: { from: 'WALLET', to: 'PG', amount: 10 },
      idempotencyKey: 'key-123456',
    });
    // The member app sends a key only when the caller passes one (decision 0021).
    await callApi(routes.wallet.transfer, { body: { from: 'WALLET', to: 'PG', amount: 10 } });
    const [first, second] = fetchMock.mock.calls.map(
      (call) => (call as unknown[])[1] as RequestInit,
    );
    expect((first?.headers as Record<string, string>)['idempotency-key']).toBe('key-123456');
    expect((second?.headers as Record<string, string>)['idempotency-key']).toBeUndefined();
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await callApi(routes.auth.login, { body: { username: 'a', password: 'b' } });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.body).toBe('{"username":"a","password":"b"}');
  });

  it.each([410, 200, 500])(
    "redirects to /terminated on a 'gone' answer (HTTP %i)",
    async (status) => {
      vi.stubGlobal('fetch', answer(status, { message: 'gone' }));
      await expect(callApi(routes.account.getProfile)).rejects.toThrow('gone');
      expect(navigate).toHaveBeenCalledWith('/terminated', { replace: true });
      expect(isMarkedTerminated()).toBe(true);
    },
  );

  it("shows no raw 'gone' toast: a caller's error toast is dropped, /terminated speaks", async () => {
    vi.stubGlobal('fetch', answer(403, { message: 'gone' }));
    // What every mutation's onError does (register, deposit, slips, home).
    await callApi(routes.otp.verify, { body: {} as never }).catch((error) =>
      toast.error(errorMessage(error)),
    );
    expect(navigate).toHaveBeenCalledWith('/terminated', { replace: true });
    expect(getToasts()).toEqual([]);
    // Other error toasts still show.
    toast.error(errorMessage(new ApiError('OTP_CODE_INVALID', 400)));
    expect(getToasts().map((item) => item.message)).toEqual([en.errors.OTP_CODE_INVALID]);
  });

  it.each([
    'UNAUTHORIZED',
    'EXPIRED_AUTH_TOKEN',
    'INVALID_USER_1',
    'INVALID_USER_2',
    'INVALID_USER_3',
    'INVALID_USER_4',
    CANNOT_VERIFY_IDENTITY_TH,
  ])('clears the session and goes to /login on %s', async (message) => {
    storeToken('tok-2', false);
    vi.stubGlobal('fetch', answer(401, { message }));
    await expect(callApi(routes.account.getProfile)).rejects.toThrow(message);
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fuser%2Fprofile', { replace: true });
  });

  it('keeps the session on other errors and carries the message', async () => {
    storeToken('tok-3', true);
    vi.stubGlobal('fetch', answer(400, { message: 'WRONG_PASSWORD' }));
    const error = await callApi(routes.account.changePassword, { body: {} as never }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('WRONG_PASSWORD');
    expect((error as ApiError).status).toBe(400);
    expect(getToken()).toBe('tok-3');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not redirect when asked not to (logout)', async () => {
    storeToken('tok-4', true);
    vi.stubGlobal('fetch', answer(401, { message: 'EXPIRED_AUTH_TOKEN' }));
    await expect(callApi(routes.auth.logout, { quietIdentityFailure: true })).rejects.toThrow();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("gives up after the route's own timeout with TIMEOUT", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_path: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('', 'AbortError')),
            );
          }),
      ),
    );
    // A route with its own timeout (300 s); not an upload here, only its timing.
    let settled = false;
    const pending = callApi(routes.chat.uploadImage)
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(240_000);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('TIMEOUT');
  });

  it('uses a 60 s timeout by default', async () => {
    vi.useFakeTimers();
    let aborted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_path: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => {
              aborted = true;
              reject(new DOMException('', 'AbortError'));
            });
          }),
      ),
    );
    const pending = callApi(routes.lookup.info).catch(() => null);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(aborted).toBe(true);
  });

  it('reports a failed connection as NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(callApi(routes.lookup.info)).rejects.toThrow('NETWORK_ERROR');
  });
});

describe('errorMessage', () => {
  it('translates catalogue codes and client failures', () => {
    expect(errorMessage(new ApiError('WRONG_CREDENTIAL', 401))).toBe(
      'Incorrect phone number or password',
    );
    expect(errorMessage(new ApiError('TIMEOUT', 0))).toBe(en.clientErrors.TIMEOUT);
  });
  it('shows unknown messages raw', () => {
    expect(errorMessage(new ApiError('Something odd happened', 500))).toBe(
      'Something odd happened',
    );
  });
});
