// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { fakeApi, renderRoute } from '@/test/render';
import { HomePage } from '@/features/home/components/home-page';
import { walletFixture } from '@/features/home/test/wallet-fixture';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('remember_agreement', 'true');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
});

const endsAt = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();
const protectionState = (block: unknown) => ({
  limits: [],
  block,
  realityCheckMinutes: 0,
  session: null,
  netDeposits: { lifetime: 0, months: [] },
  depositCredited: false,
  returns: [],
  marketingConsent: true,
});

const bannerPreloads = () => document.head.querySelectorAll('link[rel="preload"][as="image"]');
const shownPromotions = () =>
  screen.queryByTestId('home-banners') ??
  screen.queryByTestId('home-banners-space') ??
  screen.queryByTestId('home-announcement');

/** Holds the stubbed fetch's answers to GET `path` (counting the requests) until released. */
function hold(path: string) {
  const answer = globalThis.fetch;
  let release!: () => void;
  let asked = 0;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === path) {
      asked += 1;
      await gate;
    }
    return answer(url, init);
  });
  return { asked: () => asked, release: () => act(async () => release()) };
}
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
// React keeps the preloads it made for the whole file: each test has its own image.
const promotions = (image: string) => () => ({
  json: {
    banners: [{ id: 1, image, link: null, alt: 'Banner' }],
    announcement: 'Big promotion',
  },
});

const renderHome = () =>
  renderRoute(<HomePage depositDialog={() => null} />, {
    path: '/user/home',
    url: '/user/home',
    others: { '/user/protection': <p>Play safe page</p> },
  });

describe('member home during a time-out or self-exclusion (issue 28)', () => {
  it('shows the notice with the end, hides deposit and promotions, keeps withdraw', async () => {
    const api = fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/protection': () => ({
        json: protectionState({ kind: 'time_out', startedAt: new Date().toISOString(), endsAt }),
      }),
      'GET /api/home/promotions': promotions('/blocked.png'),
    });
    const held = hold('/api/home/promotions');
    renderHome();
    const notice = await screen.findByTestId('home-block-notice');
    expect(notice.textContent).toContain(
      `You are taking a time-out until ${formatDateTime(endsAt)}.`,
    );
    expect(notice.textContent).toContain('Withdrawals, your statement');
    expect(screen.queryByTestId('tile-deposit')).toBeNull();
    expect(screen.queryByTestId('tile-invite')).toBeNull();
    expect(screen.queryByTestId('tile-refund')).toBeNull();
    expect(screen.getByTestId('tile-withdraw')).toBeTruthy();
    expect(screen.queryByTestId('invite-receive-button')).toBeNull();
    // Asked for beside the state (decision 0149); answered after it: never shown, and its
    // image not fetched ahead.
    expect(held.asked()).toBe(1);
    await held.release();
    await settle();
    expect(api.called('GET /api/home/promotions')).toHaveLength(1);
    expect(shownPromotions()).toBeNull();
    expect(bannerPreloads()).toHaveLength(0);
  });

  it('promotions that answer before the state are never shown when the state says a block (0149)', async () => {
    const api = fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/protection': () => ({
        json: protectionState({
          kind: 'self_exclusion',
          startedAt: new Date().toISOString(),
          endsAt,
        }),
      }),
      'GET /api/home/promotions': promotions('/early.png'),
    });
    const held = hold('/api/protection');
    renderHome();
    // The wallet and the promotions are in, the state is not: the request went, nothing shows
    // and no promotion art is fetched, then or after the state. The home's first screen
    // waits for the state (what sits above the balance depends on it).
    await vi.waitFor(() => expect(api.called('GET /api/wallet')).toHaveLength(1));
    await vi.waitFor(() => expect(api.called('GET /api/home/promotions')).toHaveLength(1));
    await settle();
    expect(screen.queryByTestId('home-summary')).toBeNull();
    expect(shownPromotions()).toBeNull();
    expect(bannerPreloads()).toHaveLength(0);
    await held.release();
    expect(await screen.findByTestId('home-block-notice')).toBeTruthy();
    expect(screen.getByTestId('tile-withdraw')).toBeTruthy();
    await settle();
    expect(shownPromotions()).toBeNull();
    expect(bannerPreloads()).toHaveLength(0);
  });

  it('without a block, the promotions go out before the state answers, their art after it (0149)', async () => {
    const api = fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/protection': () => ({ json: protectionState(null) }),
      'GET /api/home/promotions': promotions('/first.png'),
    });
    const held = hold('/api/protection');
    renderHome();
    await vi.waitFor(() => expect(api.called('GET /api/home/promotions')).toHaveLength(1));
    await settle();
    expect(shownPromotions()).toBeNull();
    expect(bannerPreloads()).toHaveLength(0);
    // The state says no block: the first banner's image is fetched first, then shown.
    await held.release();
    await vi.waitFor(() => expect(bannerPreloads()).toHaveLength(1));
    const preload = bannerPreloads()[0]!;
    expect(preload.getAttribute('href')).toBe('/first.png');
    expect(preload.getAttribute('fetchpriority')).toBe('high');
    const banner = await screen.findByRole('img', { name: 'Banner' });
    expect(banner.getAttribute('fetchpriority')).toBe('high');
    expect(banner.getAttribute('loading')).toBe('eager');
    expect(screen.getByTestId('home-announcement')).toBeTruthy();
  });

  it('a failed state read does not hold the home: the balance and the tiles show', async () => {
    fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/protection': () => ({ status: 500, json: { message: 'INTERNAL_ERROR' } }),
      'GET /api/home/promotions': promotions('/b.png'),
    });
    renderHome();
    expect(await screen.findByTestId('home-summary')).toBeTruthy();
    expect(screen.getByTestId('tile-deposit')).toBeTruthy();
  });

  it('without a block, the tiles and the Play safe link are there', async () => {
    fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/protection': () => ({ json: protectionState(null) }),
      'GET /api/home/promotions': promotions('/b.png'),
    });
    const { router } = renderHome();
    expect(await screen.findByTestId('tile-deposit')).toBeTruthy();
    expect(screen.queryByTestId('home-block-notice')).toBeNull();
    await userEvent.click(screen.getByTestId('home-play-safe'));
    expect(router.state.location.pathname).toBe('/user/protection');
  });

  it('?withdraw=all opens the withdrawal with the whole balance typed', async () => {
    fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/protection': () => ({
        json: protectionState({
          kind: 'self_exclusion',
          startedAt: new Date().toISOString(),
          endsAt,
        }),
      }),
    });
    renderRoute(<HomePage depositDialog={() => null} />, {
      path: '/user/home',
      url: '/user/home?withdraw=all',
    });
    const dialog = await screen.findByTestId('withdraw-dialog');
    const amount = dialog.querySelector<HTMLInputElement>('input[name="amount"]');
    await vi.waitFor(() => expect(amount?.value).toBe('1000.1'));
  });
});
