// @vitest-environment jsdom
// The home's promotion board slots (issue 26, decision 0134): one read for the line and the
// carousel, their place held at size while loading, nothing when there is nothing to show or
// the read fails.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '@/test/render';
import { HomeAnnouncement, HomeBanners } from '@/features/home/components/home-promotions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderSlots = () =>
  renderRoute(
    <>
      <HomeAnnouncement />
      <HomeBanners />
    </>,
    { path: '/user/home', url: '/user/home' },
  );

describe('home promotion slots', () => {
  it('shows the line and the slides from one read', async () => {
    const api = fakeApi({
      'GET /api/home/promotions': () => ({
        json: {
          banners: [
            { image: '/api/promotions/art/home-spin-en.jpg', alt: 'Spin', link: '/user/spin' },
            { image: '/api/promotions/art/home-welcome-en.jpg', alt: 'Welcome', link: null },
          ],
          announcement: 'Deposits in 1 minute',
        },
      }),
    });
    renderSlots();
    // Held at its size until the slides come.
    expect(screen.getByTestId('home-banners-space')).toBeTruthy();
    expect(await screen.findByTestId('home-banners')).toBeTruthy();
    expect(screen.getAllByTestId('home-banner')).toHaveLength(2);
    expect((await screen.findByTestId('home-announcement-text')).textContent).toBe(
      'Deposits in 1 minute',
    );
    expect(screen.queryByTestId('home-banners-space')).toBeNull();
    expect(api.called('GET /api/home/promotions')).toHaveLength(1);
  });

  it('shows nothing when nothing is on, or when the read fails', async () => {
    const api = fakeApi({
      'GET /api/home/promotions': () => ({ json: { banners: [], announcement: null } }),
    });
    const { unmount } = renderSlots();
    await waitFor(() => expect(screen.queryByTestId('home-banners-space')).toBeNull());
    expect(api.called('GET /api/home/promotions')).toHaveLength(1);
    expect(screen.queryByTestId('home-banners')).toBeNull();
    expect(screen.queryByTestId('home-announcement')).toBeNull();
    unmount();

    fakeApi({ 'GET /api/home/promotions': () => ({ status: 500, json: { message: 'X' } }) });
    renderSlots();
    await waitFor(() => expect(screen.queryByTestId('home-banners-space')).toBeNull());
    expect(screen.queryByTestId('home-announcement')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
