// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_BANNER_IMAGE } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { installCatalog, setLocale } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { apiClient } from '@/lib/api-client';
import { EARLY_MAX_AGE_MS } from '@/lib/api/early-requests';
import { getProtection } from '@/lib/api/get-protection';
import { getWallet } from '@/lib/api/get-wallet';
import { setNavigator } from '@/lib/navigation';
import { getToken, storeToken } from '@/lib/session';

// public/early-requests.js restates the app's request (it runs before any of the app's code):
// these tests run the file itself and hold it to the API client's headers and the app's keys.
// (A path: under jsdom, import.meta.url is not a file: URL.)
const script = readFileSync(
  `${fileURLToPath(new URL('.', `file://${__filename}`))}../../../public/early-requests.js`,
  'utf8',
);
const runScript = () => new Function(script)() as void;
const WALLET = { wallet: { amount: 1000, currency: 'THB' }, slots: [] };
const STATE = { limits: [], block: null };
const BANNER = '/api/promotions/art/home-welcome-en.jpg';
const PROMOTIONS = {
  announcement: null,
  banners: [
    { id: 1, image: 'javascript:alert(1)', alt: 'not an image address' },
    { id: 2, image: BANNER, alt: 'Welcome' },
  ],
};

/**
 * fetch answering each of the script's paths: the wallet with `status`/`body`, the state
 * and the promotions with `others` (default: no block, two banners).
 */
function answer(
  status: number,
  body: unknown,
  others: Record<string, unknown> = {
    [routes.protection.state.path]: STATE,
    [routes.home.promotions.path]: PROMOTIONS,
  },
) {
  return vi.fn().mockImplementation((path: string) => {
    const [code, json] = path === routes.wallet.get.path ? [status, body] : [200, others[path]];
    return Promise.resolve(new Response(JSON.stringify(json), { status: code }));
  });
}

/** The calls made to one path. */
const callsTo = (fetchMock: ReturnType<typeof answer>, path: string) =>
  fetchMock.mock.calls.filter(([called]) => called === path) as [string, RequestInit][];

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
    (link) => [link.getAttribute('href'), link.getAttribute('fetchpriority')],
  );

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  delete window.__early;
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  setNavigator(vi.fn());
  installCatalog('en', en);
  await setLocale('en');
  window.history.replaceState(null, '', '/user/home');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('early requests (public/early-requests.js + lib/api/early-requests.ts)', () => {
  it('sends GET /api/wallet with exactly the API client headers, and the first read takes it', async () => {
    storeToken('tok-early', true);
    localStorage.setItem('locale', 'en');
    const fetchMock = answer(200, WALLET);
    vi.stubGlobal('fetch', fetchMock);
    runScript();
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
      routes.wallet.get.path,
      routes.protection.state.path,
      routes.home.promotions.path,
    ]);
    for (const [, init] of fetchMock.mock.calls as [string, RequestInit][])
      expect(init.headers).toEqual(apiClient.headers({}));
    expect(await getWallet()).toEqual(WALLET);
    expect(await getProtection()).toEqual(STATE);
    // The promotions' read takes its own (features/home/api/get-home-promotions.test.ts).
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // Taken once: the next read asks again.
    expect(await getWallet()).toEqual(WALLET);
    expect(await getProtection()).toEqual(STATE);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('a script that runs after the app has read asks nothing, and a later read never takes an old answer', async () => {
    // The script is async: a cached bundle can run first (the deposit-gift journey caught a
    // refetch after a credit taking the answer from before it).
    storeToken('tok-early', true);
    localStorage.setItem('locale', 'en');
    const fetchMock = answer(200, WALLET);
    vi.stubGlobal('fetch', fetchMock);
    expect(await getWallet()).toEqual(WALLET);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    runScript();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const credited = { ...WALLET, wallet: { ...WALLET.wallet, amount: 1200 } };
    vi.stubGlobal('fetch', answer(200, credited));
    expect(await getWallet()).toEqual(credited);
    expect(await getProtection()).toEqual(STATE);
  });

  it('reads a session-only token too (remember-me off)', async () => {
    storeToken('tok-tab', false);
    localStorage.setItem('locale', 'en');
    const fetchMock = answer(200, WALLET);
    vi.stubGlobal('fetch', fetchMock);
    runScript();
    const [, init] = callsTo(fetchMock, routes.wallet.get.path)[0]!;
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
    expect(window.__early).toBeUndefined();
  });

  it('is not used when the language differs from the app’s (the app asks itself)', async () => {
    storeToken('tok-early', true);
    // No stored locale: the script says th, the app here runs in en.
    localStorage.removeItem('locale');
    const fetchMock = answer(200, WALLET);
    vi.stubGlobal('fetch', fetchMock);
    runScript();
    expect(await getWallet()).toEqual(WALLET);
    const wallet = callsTo(fetchMock, routes.wallet.get.path);
    expect(wallet).toHaveLength(2);
    expect((wallet[1]![1].headers as Record<string, string>)['Accept-Language']).toBe('en');
  });

  it('asks in the build’s language when none is stored (the Lao build: la, else th)', () => {
    storeToken('tok-early', true);
    localStorage.removeItem('locale');
    const tag = document.createElement('script');
    tag.setAttribute('data-home-chunks', '');
    document.head.append(tag);
    try {
      const languages = (fallback: string | null) => {
        if (fallback === null) tag.removeAttribute('data-default-locale');
        else tag.setAttribute('data-default-locale', fallback);
        delete window.__early;
        const fetchMock = answer(200, WALLET);
        vi.stubGlobal('fetch', fetchMock);
        runScript();
        const [, init] = callsTo(fetchMock, routes.wallet.get.path)[0]!;
        return (init.headers as Record<string, string>)['Accept-Language'];
      };
      expect(languages('la')).toBe('la');
      expect(languages('th')).toBe('th');
      expect(languages(null)).toBe('th');
      localStorage.setItem('locale', 'en');
      expect(languages('la')).toBe('en');
    } finally {
      tag.remove();
    }
  });

  it('is not used when older than the wallet query keeps an answer fresh', async () => {
    storeToken('tok-early', true);
    localStorage.setItem('locale', 'en');
    const fetchMock = answer(200, WALLET);
    vi.stubGlobal('fetch', fetchMock);
    runScript();
    window.__early!.at -= EARLY_MAX_AGE_MS + 1;
    await getWallet();
    expect(callsTo(fetchMock, routes.wallet.get.path)).toHaveLength(2);
  });

  it('an identity failure in the early answer clears the session as any call does', async () => {
    storeToken('tok-early', true);
    localStorage.setItem('locale', 'en');
    vi.stubGlobal('fetch', answer(401, { message: 'UNAUTHORIZED' }));
    runScript();
    await expect(getWallet()).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });

  it('preloads the first banner with an image address at high priority once the state shows no block', async () => {
    storeToken('tok-early', true);
    localStorage.setItem('locale', 'en');
    vi.stubGlobal('fetch', answer(200, WALLET));
    runScript();
    await vi.waitFor(() => expect(preloaded()).toEqual([[BANNER, 'high']]));
  });

  it('preloads no promotion art while a time-out or self-exclusion is in force (decision 0149)', async () => {
    storeToken('tok-early', true);
    localStorage.setItem('locale', 'en');
    const blocked = {
      [routes.protection.state.path]: {
        ...STATE,
        block: { kind: 'timeout', endsAt: new Date(Date.now() + 86_400_000).toISOString() },
      },
      [routes.home.promotions.path]: PROMOTIONS,
    };
    const fetchMock = answer(200, WALLET, blocked);
    vi.stubGlobal('fetch', fetchMock);
    runScript();
    // Both answers read: the promotions' own first read then takes its early answer.
    expect(await getProtection()).toEqual(blocked[routes.protection.state.path]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preloaded()).toEqual([]);
    // An ended block is no block.
    delete window.__early;
    vi.stubGlobal(
      'fetch',
      answer(200, WALLET, {
        ...blocked,
        [routes.protection.state.path]: {
          ...STATE,
          block: { kind: 'timeout', endsAt: new Date(Date.now() - 1000).toISOString() },
        },
      }),
    );
    runScript();
    await vi.waitFor(() => expect(preloaded()).toEqual([[BANNER, 'high']]));
  });

  it("restates the contract's banner image rule exactly", () => {
    expect(script).toContain(`/${HOME_BANNER_IMAGE.source}/${HOME_BANNER_IMAGE.flags}`);
  });

  it('modulepreloads the chunks the build lists on its tag, with the catalogue of the stored language', () => {
    storeToken('tok-early', true);
    localStorage.setItem('locale', 'la');
    // The reads go out first: adding the links costs a slow phone's main thread 40-65 ms.
    const fetchMock = answer(200, WALLET);
    const linksAtFirstRead: number[] = [];
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => {
      linksAtFirstRead.push(document.head.querySelectorAll('link[rel="modulepreload"]').length);
      return fetchMock(path, init) as Promise<Response>;
    });
    const tag = document.createElement('script');
    tag.setAttribute('data-home-chunks', '/assets/home-route-a.js /assets/promo-board-b.js');
    tag.setAttribute('data-home-styles', '/assets/home-route-e.css /assets/promo-board-f.css');
    tag.setAttribute('data-core-th', '/assets/th-core-c.js');
    tag.setAttribute('data-core-la', '/assets/la-core-d.js');
    document.head.append(tag);
    try {
      runScript();
      const preloads = [
        ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
      ];
      expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
        '/assets/home-route-a.js',
        '/assets/promo-board-b.js',
        '/assets/la-core-d.js',
      ]);
      expect(preloads.every((link) => link.getAttribute('crossorigin') === '')).toBe(true);
      expect(linksAtFirstRead).toEqual([0, 0, 0]);
      // Their styles are fetched too (the banner waits for promo-board's).
      const styles = [
        ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]'),
      ];
      expect(styles.map((link) => link.getAttribute('href'))).toEqual([
        '/assets/home-route-e.css',
        '/assets/promo-board-f.css',
      ]);
      styles.forEach((link) => link.remove());
      // Without a session nothing is fetched, chunks included.
      preloads.forEach((link) => link.remove());
      localStorage.removeItem('token');
      sessionStorage.removeItem('token');
      runScript();
      expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
      expect(document.head.querySelectorAll('link[as="style"]')).toHaveLength(0);
    } finally {
      tag.remove();
    }
  });
});
