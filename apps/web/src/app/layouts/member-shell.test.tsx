// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemberShell } from '@/app/layouts/member-shell';
import { RootLayout } from '@/app/layouts/root-layout';
import { storageKeys } from '@/config/storage-keys';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import type { Info } from '@/lib/api/get-info';
import { getInfoOrNull } from '@/lib/api/get-info';
import { fakeApi } from '@/test/render';
import { FAKE_ENDPOINT, FAKE_KEYS, fakePush, removeFakePush } from '@/test/fake-push';
import { storeToken } from '@/lib/session';

const royal: Info = { name: 'Royal Wallet', website: 'https://royal.example' };

/** The member shell with the info the loader streams in, held until `answer` is called. */
function renderShell() {
  installCatalog('en', en);
  let answer!: (info: Info | null) => void;
  const info = new Promise<Info | null>((resolve) => (answer = resolve));
  const router = createMemoryRouter(
    [{ id: 'member', path: '/user', loader: () => ({ info }), element: <MemberShell /> }],
    { initialEntries: ['/user'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { answer: (value: Info | null) => act(async () => answer(value)) };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('member shell top bar (decision 0040)', () => {
  it('shows the generic name on a first visit until the info answers', async () => {
    const shell = renderShell();
    expect((await screen.findByTestId('app-name')).textContent).toBe('Member Wallet');
    await shell.answer(royal);
    expect(screen.getByTestId('app-name').textContent).toBe('Royal Wallet');
  });

  it('shows the name this browser last read at once, and the new answer when it comes', async () => {
    localStorage.setItem(storageKeys.operatorName, 'Royal Wallet');
    const shell = renderShell();
    expect((await screen.findByTestId('app-name')).textContent).toBe('Royal Wallet');
    await shell.answer({ ...royal, name: 'Royal Wallet Laos' });
    expect(screen.getByTestId('app-name').textContent).toBe('Royal Wallet Laos');
  });

  it('keeps the remembered name when the info cannot be read', async () => {
    localStorage.setItem(storageKeys.operatorName, 'Royal Wallet');
    const shell = renderShell();
    await shell.answer(null);
    expect(screen.getByTestId('app-name').textContent).toBe('Royal Wallet');
  });
});

describe('getInfoOrNull', () => {
  it('remembers the name it read and titles the page with it, and keeps both when a later read fails', async () => {
    document.title = 'Member Wallet';
    fakeApi({ 'GET /api/lookup/info': () => ({ json: royal }) });
    expect(await getInfoOrNull()).toEqual(royal);
    expect(localStorage.getItem(storageKeys.operatorName)).toBe('Royal Wallet');
    expect(document.title).toBe('Royal Wallet');
    fakeApi({ 'GET /api/lookup/info': () => ({ status: 500, json: { message: 'x' } }) });
    expect(await getInfoOrNull()).toBeNull();
    expect(localStorage.getItem(storageKeys.operatorName)).toBe('Royal Wallet');
    expect(document.title).toBe('Royal Wallet');
  });
});

describe('page title', () => {
  function renderRoot() {
    installCatalog('en', en);
    // ScrollRestoration scrolls; jsdom has no layout to scroll.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [{ path: '/', element: <RootLayout />, children: [{ index: true, element: null }] }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
  }

  it('is the generic name before this browser has read the operator', async () => {
    renderRoot();
    await waitFor(() => expect(document.title).toBe('Member Wallet'));
  });

  it("is the operator's name once this browser has read it", async () => {
    localStorage.setItem(storageKeys.operatorName, 'Royal Wallet');
    renderRoot();
    await waitFor(() => expect(document.title).toBe('Royal Wallet'));
  });
});

describe('this device’s push subscription in the top bar (issue 29)', () => {
  afterEach(() => removeFakePush());

  it('logout removes the device on the server before the session ends, then in the browser', async () => {
    storeToken('token-1', true);
    const push = fakePush({ subscribed: true, permission: 'granted' });
    const api = fakeApi({
      'DELETE /api/push/subscriptions': () => ({ json: { message: 'OK' } }),
      'POST /api/logout': () => ({ json: { message: 'OK' } }),
    });
    renderShell();
    fireEvent.click(await screen.findByTestId('logout-button'));
    await waitFor(() => expect(api.called('POST /api/logout')).toHaveLength(1));
    // (The start-up re-send may come first on a slow run: see the next test.)
    const calls = api.calls.filter((call) => call.key !== 'POST /api/push/subscriptions');
    expect(calls.map((call) => call.key)).toEqual([
      'DELETE /api/push/subscriptions',
      'POST /api/logout',
    ]);
    expect(calls[0]?.body).toEqual({ endpoint: FAKE_ENDPOINT });
    expect(push.subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  /** The page is idle at once, so the member's first key press engages them (when-engaged.ts). */
  const idleAtOnce = () => {
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      callback();
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  };

  it('once the member is engaged, a subscribed device is sent again (a session that ended, a renewed subscription)', async () => {
    idleAtOnce();
    storeToken('token-1', true);
    fakePush({ subscribed: true, permission: 'granted' });
    const api = fakeApi({ 'POST /api/push/subscriptions': () => ({ json: { message: 'OK' } }) });
    renderShell();
    await screen.findByTestId('logout-button');
    expect(api.called('POST /api/push/subscriptions')).toHaveLength(0);
    fireEvent.keyDown(window, { key: 'Tab' });
    await waitFor(() => expect(api.called('POST /api/push/subscriptions')).toHaveLength(1));
    expect(api.called('POST /api/push/subscriptions')[0]?.body).toEqual({
      subscription: { endpoint: FAKE_ENDPOINT, keys: FAKE_KEYS },
      lang: 'en',
    });
    // Once per start.
    fireEvent.keyDown(window, { key: 'Tab' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.called('POST /api/push/subscriptions')).toHaveLength(1);
  });

  it('a device that is not subscribed sends nothing at start', async () => {
    idleAtOnce();
    storeToken('token-1', true);
    const push = fakePush({ permission: 'granted' });
    const api = fakeApi({ 'POST /api/push/subscriptions': () => ({ json: { message: 'OK' } }) });
    renderShell();
    await screen.findByTestId('logout-button');
    fireEvent.keyDown(window, { key: 'Tab' });
    await waitFor(() => expect(push.pushManager.getSubscription).toHaveBeenCalled());
    expect(api.called('POST /api/push/subscriptions')).toHaveLength(0);
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('a language change sends the subscription again, so the texts follow it', async () => {
    storeToken('token-1', true);
    fakePush({ subscribed: true, permission: 'granted' });
    const api = fakeApi({ 'POST /api/push/subscriptions': () => ({ json: { message: 'OK' } }) });
    renderShell();
    fireEvent.change(await screen.findByTestId('language-select'), { target: { value: 'la' } });
    await waitFor(() =>
      expect(api.called('POST /api/push/subscriptions')[0]?.body).toMatchObject({ lang: 'la' }),
    );
  });
});
