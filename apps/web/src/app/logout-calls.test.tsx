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
        // The home has asked for its data (with the token) before the member logs out.
        await vi.waitFor(() => expect(api.called('GET /api/wallet').length).toBeGreaterThan(0), {
          timeout: 5_000,
        });
        fireEvent.click(await screen.findByTestId('logout-button'));
        await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
          timeout: 5_000,
        });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(api.called('POST /api/logout')).toHaveLength(1);
        // A page still loading may ask while the logout call is on its way (the session holds
        // until it answers); nothing asks once the token is gone.
        const withoutToken = api.calls.filter(
          (call) => isMemberRead(call.key) && !('Authorization' in call.headers),
        );
        expect(withoutToken.map((call) => call.key)).toEqual([]);
      } finally {
        router.dispose();
      }
    },
  );
});
