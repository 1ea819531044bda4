// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '@/components/toast/toast-store';
import { fakeApi, renderRoute, type FakeRoutes } from '@/test/render';
import { InviteDialog } from '@/features/home/components/invite-dialog';
import { walletFixture } from '@/features/home/test/wallet-fixture';

afterEach(() => {
  cleanup();
  getToasts().forEach((shown) => dismissToast(shown.id));
  vi.unstubAllGlobals();
});

const banners = [
  { image: '/static/promotions/invite-1.svg', html: '<p><b>Invite</b> one</p>' },
  {
    image: 'javascript:alert(1)',
    html: '<p>Two<script>alert(1)</script></p><img src=x onerror=alert(1)>',
  },
  { image: 'https://cdn.example/three.png', html: '<p>Three</p>' },
];

/** 23 invite rows, newest first; the fake answers the page asked for. */
function invitePages(body: unknown) {
  const { page, limit } = body as { page: number; limit: number };
  const all = Array.from({ length: 23 }, (_, n) => ({
    from: { name: `Friend ${n + 1}` },
    amount: n + 1,
    createdAt: '2026-11-20T05:00:00.000Z',
  }));
  return { json: { total: all.length, invites: all.slice((page - 1) * limit, page * limit) } };
}

async function open(routes: FakeRoutes = {}) {
  const api = fakeApi({
    'GET /api/wallet': () => ({ json: walletFixture() }),
    'GET /api/invite/banners': () => ({ json: [] }),
    'POST /api/invite': invitePages,
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  renderRoute(<InviteDialog onClose={() => undefined} />, { path: '/', url: '/' });
  const content = await screen.findByTestId('invite-content');
  return { api, user, content, dialog: within(screen.getByTestId('invite-dialog')) };
}

describe('invite dialog', () => {
  it('without banners is the plain dialog: the invite link and the invite table', async () => {
    const { content, dialog } = await open();
    expect(content.dataset.view).toBe('plain');
    expect(dialog.queryByTestId('promo-carousel')).toBeNull();
    const link = dialog.getByLabelText('Your invite link') as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/register?code=PR10001`);
    expect(link.readOnly).toBe(true);
  });

  it('falls back to the plain dialog when the banner lookup fails (swallowed)', async () => {
    const { content } = await open({
      'GET /api/invite/banners': () => ({
        status: 500,
        json: { message: 'INTERNAL_SERVER_ERROR' },
      }),
    });
    expect(content.dataset.view).toBe('plain');
    expect(getToasts()).toHaveLength(0);
  });

  it('with banners shows the carousel: buttons, dots and arrow keys move it, captions are sanitised', async () => {
    const { content, dialog, user } = await open({
      'GET /api/invite/banners': () => ({ json: banners }),
    });
    expect(content.dataset.view).toBe('carousel');
    const carousel = within(dialog.getByTestId('promo-carousel'));
    const slide = () => carousel.getByTestId('promo-slide');
    expect(slide().getAttribute('aria-label')).toBe('Banner 1 of 3');
    expect(slide().querySelector('img')?.getAttribute('src')).toBe(
      '/static/promotions/invite-1.svg',
    );
    expect(carousel.getByTestId('promo-caption').innerHTML).toBe('<p><b>Invite</b> one</p>');

    await user.click(carousel.getByRole('button', { name: 'Next banner' }));
    expect(slide().dataset.index).toBe('1');
    // The unsafe image is dropped, the script and the handler are stripped.
    expect(slide().querySelector('img')).toBeNull();
    expect(carousel.getByTestId('promo-caption').innerHTML).toBe('<p>Two</p>');

    // Keyboard: Right from the focused button, then wrap round; Left back; End / Home.
    await user.keyboard('{ArrowRight}');
    expect(slide().dataset.index).toBe('2');
    await user.keyboard('{ArrowRight}');
    expect(slide().dataset.index).toBe('0');
    await user.keyboard('{ArrowLeft}');
    expect(slide().dataset.index).toBe('2');
    await user.keyboard('{Home}');
    expect(slide().dataset.index).toBe('0');
    await user.keyboard('{End}');
    expect(slide().dataset.index).toBe('2');

    await user.click(carousel.getByRole('button', { name: 'Show banner 2' }));
    expect(slide().dataset.index).toBe('1');
    expect(
      carousel.getByRole('button', { name: 'Show banner 2' }).getAttribute('aria-current'),
    ).toBe('true');
    await user.click(carousel.getByRole('button', { name: 'Previous banner' }));
    expect(slide().dataset.index).toBe('0');
    // The link and the table are there in the carousel view too.
    expect(dialog.getByTestId('invite-link')).toBeTruthy();
    expect(await dialog.findByTestId('invite-table')).toBeTruthy();
    // Many key presses: room for a loaded machine.
  }, 15_000);

  it('a single banner shows no controls', async () => {
    const { dialog } = await open({
      'GET /api/invite/banners': () => ({ json: [banners[0]] }),
    });
    expect(dialog.getByTestId('promo-slide')).toBeTruthy();
    expect(dialog.queryByTestId('promo-next')).toBeNull();
  });

  it('copies the invite link, with a toast', async () => {
    const { dialog, user } = await open();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const link = `${window.location.origin}/register?code=PR10001`;
    await user.click(dialog.getByRole('button', { name: 'Copy your invite link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(getToasts().map((t) => [t.kind, t.message])).toEqual([['success', `Copied: ${link}`]]);
  });

  it('says when copying failed', async () => {
    const { dialog, user } = await open();
    const writeText = vi.fn(async () => Promise.reject(new Error('denied')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    document.execCommand = vi.fn(() => false);
    await user.click(dialog.getByTestId('invite-link-copy'));
    expect(getToasts().map((t) => [t.kind, t.message])).toEqual([['error', 'Failed to copy']]);
  });

  it('shares the link on LINE, Facebook and Messenger in new tabs without a handle on the page (issue 26)', async () => {
    const { dialog } = await open();
    const share = within(dialog.getByTestId('invite-share'));
    expect(dialog.getByRole('region', { name: 'Share your link' })).toBeTruthy();
    const encoded = encodeURIComponent(`${window.location.origin}/register?code=PR10001`);
    const line = share.getByRole('link', { name: 'LINE (opens in a new tab)' });
    expect(line.getAttribute('href')).toBe(
      `https://social-plugins.line.me/lineit/share?url=${encoded}`,
    );
    const facebook = share.getByRole('link', { name: 'Facebook (opens in a new tab)' });
    expect(facebook.getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
    );
    // jsdom has a fine pointer: no Messenger app, so Messenger on the web in a new tab.
    const messenger = share.getByRole('link', { name: 'Messenger (opens in a new tab)' });
    expect(messenger.getAttribute('href')).toBe('https://www.messenger.com/');
    for (const link of [line, facebook, messenger]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // Without the Web Share API there is no "other apps" button.
    expect(share.queryByTestId('invite-share-more')).toBeNull();
  });

  it('Messenger on the web takes no link: it copies it and says to paste it', async () => {
    const { dialog, user } = await open();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const messenger = dialog.getByTestId('invite-share-messenger');
    // The new tab is the link's own: keep jsdom from trying to navigate.
    messenger.addEventListener('click', (event) => event.preventDefault());
    await user.click(messenger);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?code=PR10001`);
    await waitFor(() =>
      expect(getToasts().map((t) => [t.kind, t.message])).toEqual([
        ['info', 'Your link is copied: paste it into a Messenger chat'],
      ]),
    );
  });

  it("on a phone, Messenger's link is the app's, and the web is the fallback", async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }));
    const { dialog } = await open();
    const messenger = dialog.getByTestId('invite-share-messenger');
    expect(messenger.getAttribute('href')).toBe(
      `fb-messenger://share?link=${encodeURIComponent(`${window.location.origin}/register?code=PR10001`)}`,
    );
    expect(messenger.getAttribute('target')).toBeNull();
    expect(within(messenger).getByText('Messenger').textContent).toBe('Messenger');
  });

  it("offers the browser's share sheet where there is one, with the link", async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const { dialog, user } = await open();
      await user.click(dialog.getByRole('button', { name: 'More' }));
      expect(share).toHaveBeenCalledWith({
        title: 'Invite friends',
        text: 'Join me: register with my invite link',
        url: `${window.location.origin}/register?code=PR10001`,
      });
      expect(getToasts()).toHaveLength(0);
      share.mockRejectedValueOnce(new DOMException('nope', 'NotAllowedError'));
      await user.click(dialog.getByRole('button', { name: 'More' }));
      await waitFor(() =>
        expect(getToasts().map((t) => [t.kind, t.message])).toEqual([
          ['error', 'Could not share. Copy the link instead.'],
        ]),
      );
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('pages the invite table 10 at a time (from.name, amount, createdAt)', async () => {
    const { api, dialog, user } = await open();
    await dialog.findByTestId('invite-table');
    let rows = dialog.getAllByTestId('invite-row');
    expect(rows).toHaveLength(10);
    expect(within(rows[0]!).getByTestId('invite-from').textContent).toBe('Friend 1');
    expect(within(rows[0]!).getByTestId('invite-amount').textContent).toBe('฿1.00');
    expect(rows[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-11-20T05:00:00.000Z',
    );
    expect(api.called('POST /api/invite')[0]?.body).toEqual({ page: 1, limit: 10 });

    const pager = within(dialog.getByTestId('invite-pager'));
    await user.click(pager.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(dialog.getAllByTestId('invite-from')[0]?.textContent).toBe('Friend 11'),
    );
    await user.click(pager.getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(dialog.getAllByTestId('invite-from')[0]?.textContent).toBe('Friend 21'),
    );
    rows = dialog.getAllByTestId('invite-row');
    expect(rows).toHaveLength(3);
    expect(api.called('POST /api/invite').at(-1)?.body).toEqual({ page: 3, limit: 10 });
    expect(pager.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  });

  it('says when there are no invite rewards yet (and on a failed lookup)', async () => {
    const { dialog } = await open({
      'POST /api/invite': () => ({ status: 500, json: { message: 'INTERNAL_SERVER_ERROR' } }),
    });
    expect((await dialog.findByTestId('invite-empty')).textContent).toBe('No invite rewards yet.');
    expect(dialog.queryByTestId('invite-pager')).toBeNull();
  });
});
