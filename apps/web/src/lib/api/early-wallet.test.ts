// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@wallet/contract/routes';
import { installCatalog, setLocale } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { apiClient } from '@/lib/api-client';
import { EARLY_WALLET_MAX_AGE_MS } from '@/lib/api/early-wallet';
import { getWallet } from '@/lib/api/get-wallet';
import { setNavigator } from '@/lib/navigation';
import { getToken, storeToken } from '@/lib/session';

// public/early-wallet.js restates the app's request (it runs before any of the app's code):
// these tests run the file itself and hold it to the API client's headers and the app's keys.
// (A path: under jsdom, import.meta.url is not a file: URL.)
const script = readFileSync(
  `${fileURLToPath(new URL('.', `file://${__filename}`))}../../../public/early-wallet.js`,
  'utf8',
);
const runScript = () => new Function(script)() as void;
const WALLET = { wallet: { amount: 1000, currency: 'THB' }, slots: [] };

function answer(status: number, body: unknown) {
  return vi
    .fn()
    .mockImplementation(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  delete window.__earlyWallet;
  setNavigator(vi.fn());
  installCatalog('en', en);
  await setLocale('en');
  window.history.replaceState(null, '', '/user/home');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('early wallet request (public/early-wallet.js + lib/api/early-wallet.ts)', () => {
  it('sends GET /api/wallet with exactly the API client headers, and the first read takes it', async () => {
    storeToken('tok-early', true);
    localStorage.setItem('locale', 'en');
    const fetchMock = answer(200, WALLET);
    vi.stubGlobal('fetch', fetchMock);
    runScript();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe(routes.wallet.get.path);
    expect(init.headers).toEqual(apiClient.headers({}));
    expect(await getWallet()).toEqual(WALLET);
    // Taken once: the next read asks again.
    expect(await getWallet()).toEqual(WALLET);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reads a session-only token too (remember-me off)', async () => {
    storeToken('tok-tab', false);
    localStorage.setItem('locale', 'en');
    const fetchMock = answer(200, WALLET);
    vi.stubGlobal('fetch', fetchMock);
    runScript();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-tab');
  });

  it('asks nothing on other pages or without a session', () => {
    const fetchMock = answer(200, WALLET);
    vi.stubGlobal('fetch', fetchMock);
    runScript();
    storeToken('tok-early', true);
    window.history.replaceState(null, '', '/login');
    runScript();
    window.history.replaceState(null, '', '/user/profile');
    runScript();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__earlyWallet).toBeUndefined();
  });

  it('is not used when the language differs from the app’s (the app asks itself)', async () => {
    storeToken('tok-early', true);
    // No stored locale: the script says th, the app here runs in en.
    localStorage.removeItem('locale');
    const fetchMock = answer(200, WALLET);
    vi.stubGlobal('fetch', fetchMock);
    runScript();
    expect(await getWallet()).toEqual(WALLET);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [, second] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect((second.headers as Record<string, string>)['Accept-Language']).toBe('en');
  });

  it('is not used when older than the wallet query keeps an answer fresh', async () => {
    storeToken('tok-early', true);
    localStorage.setItem('locale', 'en');
    const fetchMock = answer(200, WALLET);
    vi.stubGlobal('fetch', fetchMock);
    runScript();
    window.__earlyWallet!.at -= EARLY_WALLET_MAX_AGE_MS + 1;
    await getWallet();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an identity failure in the early answer clears the session as any call does', async () => {
    storeToken('tok-early', true);
    localStorage.setItem('locale', 'en');
    vi.stubGlobal('fetch', answer(401, { message: 'UNAUTHORIZED' }));
    runScript();
    await expect(getWallet()).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });
});
