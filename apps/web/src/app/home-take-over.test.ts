// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletQueryKey } from '@/lib/api/get-wallet';
import { protectionQueryKey } from '@/lib/api/get-protection';
import { getTurnoverQueryOptions } from '@/lib/api/get-turnover';
import { storeToken } from '@/lib/session';
import { getLocale, htmlLang } from '@/i18n/i18n';

/** The server drew the page in the app's language. */
const appLang = () => htmlLang[getLocale()];
import { queryClient } from '@/app/query';
import { HOME_ANSWERS_ID, hydrateHome, seedFromPage } from '@/app/home-take-over';
import { firstReadPaths, seedFirstReads } from '@/features/home/lib/first-reads';

// Taking over the home the server rendered (decision 0159).
const answers = {
  '/api/wallet': { status: 200, body: '{"wallet":{"balance":"12.50"}}' },
  '/api/protection': { status: 200, body: '{"block":null}' },
  '/api/home/promotions': { status: 500, body: '{"message":"SERVER_ERROR"}' },
  '/api/bonus/turnover': { status: 200, body: 'not json' },
};

function pageWithAnswers() {
  document.body.innerHTML = `<div id="root" data-prerendered="home"><p data-testid="home-wallet-balance"></p></div><script type="application/json" id="${HOME_ANSWERS_ID}">${JSON.stringify(answers)}</script>`;
}

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the first reads', () => {
  it('asks the reads the home draws its first screen from', () => {
    expect(firstReadPaths).toEqual([
      '/api/wallet',
      '/api/protection',
      '/api/home/promotions',
      '/api/bonus/turnover',
      '/api/spinwheel/active',
    ]);
  });

  it('puts only the 200 answers that parse into the cache, under the keys the home reads', () => {
    const client = new QueryClient();
    seedFirstReads(client, answers, 'en');
    expect(client.getQueryData(walletQueryKey)).toEqual({ wallet: { balance: '12.50' } });
    expect(client.getQueryData(protectionQueryKey)).toEqual({ block: null });
    expect(client.getQueryData(['home', 'promotions', 'en'])).toBeUndefined();
    expect(client.getQueryData(getTurnoverQueryOptions('en').queryKey)).toBeUndefined();
  });
});

describe("the page's answers", () => {
  it('are taken when the page was asked with the session held now, and read once', async () => {
    vi.spyOn(document, 'cookie', 'set').mockImplementation(() => undefined);
    storeToken('member-token', true);
    pageWithAnswers();
    expect(await seedFromPage('member-token', appLang())).toBe(true);
    expect(queryClient.getQueryData(walletQueryKey)).toEqual({ wallet: { balance: '12.50' } });
    expect(document.getElementById(HOME_ANSWERS_ID)).toBeNull();
  });

  it("are not taken for a page in another language than the app's (it is replaced, not hydrated)", async () => {
    vi.spyOn(document, 'cookie', 'set').mockImplementation(() => undefined);
    storeToken('member-token', true);
    pageWithAnswers();
    expect(getLocale()).toBe('th');
    expect(await seedFromPage('member-token', 'lo')).toBe(false);
    expect(queryClient.getQueryData(walletQueryKey)).toBeUndefined();
  });

  it("are not shown for another session (another member's page, or a session since ended)", async () => {
    vi.spyOn(document, 'cookie', 'set').mockImplementation(() => undefined);
    storeToken('member-token', true);
    for (const servedWith of ['other-token', null]) {
      pageWithAnswers();
      expect(await seedFromPage(servedWith, appLang())).toBe(false);
      expect(queryClient.getQueryData(walletQueryKey)).toBeUndefined();
    }
  });
});

describe('the take-over', () => {
  it('hydrates the page, then hands it to the app', async () => {
    document.body.innerHTML =
      '<div id="root" data-prerendered="home"><p data-testid="balance">12.50</p></div>';
    const page = document.getElementById('root')!;
    const balance = page.firstElementChild;
    const seen: (string | null)[] = [];
    await hydrateHome(page, () => seen.push(page.getAttribute('data-prerendered')));
    // Still the server's page while the app hydrates it (public/after-paint.js holds taps).
    expect(seen).toEqual(['home']);
    expect(page.hasAttribute('data-prerendered')).toBe(false);
    expect(page.firstElementChild).toBe(balance);
  });

  it("makes a tap on the server's page again, on the element now hydrated", async () => {
    document.body.innerHTML =
      '<div id="root" data-prerendered="home" data-tap-pending="tile-deposit"><button data-testid="tile-deposit"></button><a data-testid="home-banner"></a><a data-testid="home-banner"></a></div>';
    const page = document.getElementById('root')!;
    const taps: string[] = [];
    await hydrateHome(page, () =>
      page.querySelector('button')!.addEventListener('click', () => taps.push('deposit')),
    );
    expect(taps).toEqual(['deposit']);
    expect(page.hasAttribute('data-tap-pending')).toBe(false);
  });

  it('makes no tap again where what was tapped is not one element', async () => {
    document.body.innerHTML =
      '<div id="root" data-prerendered="home" data-tap-pending="home-banner"><a data-testid="home-banner"></a><a data-testid="home-banner"></a></div>';
    const page = document.getElementById('root')!;
    const taps: string[] = [];
    await hydrateHome(page, () =>
      page
        .querySelectorAll('a')
        .forEach((a) => a.addEventListener('click', () => taps.push('banner'))),
    );
    expect(taps).toEqual([]);
  });
});
