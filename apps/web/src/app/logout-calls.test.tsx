// @vitest-environment jsdom
// Logout ends the session before the app has left the member pages: nothing mounted there may
// ask the server again without the token (the dropped cache used to make the home's queries
// ask at once, answered 401 four times in the browser's console, while the app went to /login).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '@/app/router';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { setNavigator } from '@/lib/navigation';
import { storeToken } from '@/lib/session';
import { isMemberCall } from '@/test/member-calls';
import { fakeApi } from '@/test/render';

const isMemberRead = (key: string) => key.startsWith('GET ') && isMemberCall(key);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  installCatalog('en', en);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it(
    'makes no member read after the session has ended, and lands on /login',
    { timeout: 15_000 },
    async () => {
      const api = fakeApi({
        'GET /api/lookup/info': () => ({ json: { name: 'Royal', website: 'royal.example' } }),
        'GET /api/lookup/active': () => ({ json: { terminated: null } }),
        'POST /api/logout': () => ({ json: { message: 'OK' } }),
      });
      storeToken('tok-member', true);
      window.history.replaceState(null, '', '/user/home');
      const router = createAppRouter();
      setNavigator((to, options) => void router.navigate(to, options));
      try {
        render(<RouterProvider router={router} />);
        fireEvent.click(await screen.findByTestId('logout-button', {}, { timeout: 5_000 }));
        await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
          timeout: 5_000,
        });
        await new Promise((resolve) => setTimeout(resolve, 50));
        const keys = api.calls.map((call) => call.key);
        const loggedOut = keys.indexOf('POST /api/logout');
        expect(loggedOut).toBeGreaterThan(0);
        // The home had asked before (the check can fail), and nothing after.
        expect(keys.slice(0, loggedOut).filter(isMemberRead).length).toBeGreaterThan(0);
        expect(keys.slice(loggedOut).filter(isMemberRead)).toEqual([]);
      } finally {
        router.dispose();
      }
    },
  );
});
