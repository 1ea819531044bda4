// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '@/test/render';
import { HomePage } from '@/features/home/components/home-page';
import { walletFixture } from '@/features/home/test/wallet-fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderHome = () =>
  renderRoute(<HomePage depositDialog={() => null} />, { path: '/user/home', url: '/user/home' });

const withCoins = (coin: number) => {
  const wallet = walletFixture();
  return { ...wallet, profile: { ...wallet.profile, coin } };
};

describe('home spin tile (spec section 2)', () => {
  it('takes the place of refresh-all while a wheel is active, with the coin count', async () => {
    fakeApi({
      'GET /api/wallet': () => ({ json: withCoins(7) }),
      'GET /api/spinwheel/active': () => ({ json: { active: true } }),
    });
    renderHome();
    const tile = await screen.findByTestId('tile-spin');
    expect(tile.getAttribute('href')).toBe('/user/spin');
    expect(screen.getByTestId('tile-spin-coins').textContent).toBe('(7 coins)');
    expect(screen.queryByTestId('tile-refresh-all')).toBeNull();
  });

  it('shows refresh-all when no wheel is active (or the check fails)', async () => {
    const api = fakeApi({
      'GET /api/wallet': () => ({ json: withCoins(7) }),
      'GET /api/spinwheel/active': () => ({ json: { active: false } }),
    });
    renderHome();
    expect(await screen.findByTestId('tile-refresh-all')).toBeTruthy();
    await waitFor(() => expect(api.called('GET /api/spinwheel/active')).toHaveLength(1));
    expect(screen.queryByTestId('tile-spin')).toBeNull();
  });
});
