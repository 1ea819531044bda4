// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
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
const promotions = () => ({
  json: {
    banners: [{ id: 1, image: '/b.png', link: null, alt: 'Banner' }],
    announcement: { id: 1, text: 'Big promotion' },
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
      'GET /api/home/promotions': promotions,
    });
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
    expect(screen.queryByTestId('home-banners-space')).toBeNull();
    expect(api.called('GET /api/home/promotions')).toHaveLength(0);
  });

  it('without a block, the tiles and the Play safe link are there', async () => {
    fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/protection': () => ({ json: protectionState(null) }),
      'GET /api/home/promotions': promotions,
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
