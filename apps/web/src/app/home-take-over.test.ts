// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletQueryKey } from '@/lib/api/get-wallet';
import { protectionQueryKey } from '@/lib/api/get-protection';
import { getTurnoverQueryOptions } from '@/lib/api/get-turnover';
import { storeToken } from '@/lib/session';
import { queryClient } from '@/app/query';
import {
  HOME_ANSWERS_ID,
  seedFromPage,
  takeOverHome,
  TAKE_OVER_LIMIT_MS,
} from '@/app/home-take-over';
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
    await seedFromPage('member-token');
    expect(queryClient.getQueryData(walletQueryKey)).toEqual({ wallet: { balance: '12.50' } });
    expect(document.getElementById(HOME_ANSWERS_ID)).toBeNull();
  });

  it("are not shown for another session (another member's page, or a session since ended)", async () => {
    vi.spyOn(document, 'cookie', 'set').mockImplementation(() => undefined);
    storeToken('member-token', true);
    for (const servedWith of ['other-token', null]) {
      pageWithAnswers();
      await seedFromPage(servedWith);
      expect(queryClient.getQueryData(walletQueryKey)).toBeUndefined();
    }
  });
});

describe('the take-over', () => {
  it("puts the app in the page's place once it shows every part the page shows", async () => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<div id="root" data-prerendered="home"><p data-testid="balance"></p><p data-testid="banner"></p></div>';
    const page = document.getElementById('root')!;
    let into: HTMLElement | undefined;
    const done = takeOverHome(page, (element) => {
      into = element;
      element.innerHTML = '<p data-testid="balance">app</p>';
      // The banner's code comes later.
      setTimeout(
        () => element.insertAdjacentHTML('beforeend', '<p data-testid="banner"></p>'),
        500,
      );
    });
    await vi.advanceTimersByTimeAsync(400);
    expect(page.hasAttribute('data-prerendered')).toBe(true);
    expect(page.textContent).toBe('');
    await vi.advanceTimersByTimeAsync(200);
    await done;
    expect(page.hasAttribute('data-prerendered')).toBe(false);
    expect([...page.children]).toEqual([into]);
    expect(page.textContent).toBe('app');
  });

  it("makes a tap on the server's page again on the app's", async () => {
    document.body.innerHTML =
      '<div id="root" data-prerendered="home" data-tap-pending="tile-deposit"><button data-testid="tile-deposit"></button></div>';
    const page = document.getElementById('root')!;
    const taps: string[] = [];
    await takeOverHome(page, (element) => {
      element.innerHTML =
        '<button data-testid="tile-deposit">app</button><a data-testid="home-banner"></a><a data-testid="home-banner"></a>';
      element.querySelector('button')!.addEventListener('click', () => taps.push('deposit'));
    });
    expect(taps).toEqual(['deposit']);
    expect(page.hasAttribute('data-tap-pending')).toBe(false);
  });

  it('does not wait past its limit for a part the app never shows', async () => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<div id="root" data-prerendered="home"><p data-testid="gone"></p></div>';
    const page = document.getElementById('root')!;
    const done = takeOverHome(page, (element) => {
      element.innerHTML = '<p data-testid="balance">app</p>';
    });
    await vi.advanceTimersByTimeAsync(TAKE_OVER_LIMIT_MS - 100);
    expect(page.hasAttribute('data-prerendered')).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    await done;
    expect(page.textContent).toBe('app');
  });
});
