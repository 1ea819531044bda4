// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '@/test/render';
import { HomePage } from '@/features/home/components/home-page';
import { walletFixture } from '@/features/home/test/wallet-fixture';

// The home hands in the optional deposit-limit offer (issue 28, decision 0147): the app layer
// gives it the protection feature's component; the home shows it only before a deposit, and
// only once the member is engaged (decision 0148: out of the first load).
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('remember_agreement', 'true');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const state = (depositCredited: boolean) => ({
  limits: [],
  block: null,
  realityCheckMinutes: 0,
  session: null,
  netDeposits: { lifetime: 0, months: [] },
  depositCredited,
  returns: [],
  marketingConsent: true,
});

/** lib/when-engaged: jsdom has no requestIdleCallback, so the idle wait is 1.5 s; then a touch. */
async function engage() {
  await new Promise((resolve) => setTimeout(resolve, 1_600));
  window.dispatchEvent(new Event('pointerdown'));
}

describe('the home hands the offer in until the first deposit', () => {
  const Offer = ({ place }: { place: 'home' }) => (
    <p data-testid={`offer-slot-${place}`}>{place}</p>
  );
  const renderHome = () =>
    renderRoute(<HomePage depositDialog={() => null} limitOffer={Offer} />, {
      path: '/user/home',
      url: '/user/home',
    });

  it('shows it below the banners for a member with no deposit yet', async () => {
    fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/protection': () => ({ json: state(false) }),
      'GET /api/home/promotions': () => ({
        json: { banners: [{ id: 1, image: '/offer-test.png', link: null, alt: 'Banner' }] },
      }),
    });
    renderHome();
    await screen.findByTestId('home-play-safe');
    await waitFor(() => expect(screen.queryByTestId('home-wallet-balance')).not.toBeNull());
    // Not before the member is engaged: its code is not part of the first load.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(screen.queryByTestId('offer-slot-home')).toBeNull();
    window.dispatchEvent(new Event('pointerdown'));
    const offer = await screen.findByTestId('offer-slot-home');
    expect(offer.textContent).toBe('home');
    // Below what the first screen shows, so its arrival moves none of it (decision 0164).
    const banners =
      screen.queryByTestId('home-banners') ?? screen.getByTestId('home-banners-space');
    for (const above of [screen.getByTestId('home-play-safe'), banners])
      expect(above.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leaves it out once a deposit was credited', async () => {
    const api = fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/protection': () => ({ json: state(true) }),
    });
    renderHome();
    await screen.findByTestId('home-play-safe');
    await waitFor(() => expect(api.called('GET /api/protection').length).toBe(1));
    await engage();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('offer-slot-home')).toBeNull();
  });
});
