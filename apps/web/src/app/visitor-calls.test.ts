// @vitest-environment jsdom
// A visitor (no token) never makes a member-only call (issue 26): the app's real route table
// and loaders, signed out, on the pages that redirect to /login and on the public pages.
// The browser journey (site.e2e.ts) checks the same with the widgets and pages rendered.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '@/app/router';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { isMemberCall } from '@/test/member-calls';
import { fakeApi } from '@/test/render';

async function settle(router: ReturnType<typeof createAppRouter>, path: string) {
  await vi.waitFor(() => {
    expect(router.state.navigation.state).toBe('idle');
    expect(router.state.location.pathname).toBe(path);
  });
  // What a loader starts without awaiting (the home's prefetch imports two chunks first).
  await Promise.all([import('@/app/query'), import('@/lib/api/get-wallet')]);
  await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  installCatalog('en', en);
});
afterEach(() => vi.unstubAllGlobals());

describe('a visitor makes no member call (issue 26)', () => {
  it('recognises a member call (the check itself)', () => {
    expect(isMemberCall('GET /api/wallet')).toBe(true);
    expect(isMemberCall('POST /api/statement')).toBe(true);
    expect(isMemberCall('GET /api/lookup/info')).toBe(false);
  });

  for (const [start, end] of [
    ['/', '/login'],
    ['/user', '/login'],
    ['/user/home', '/login'],
    ['/user/statement', '/login'],
    ['/login', '/login'],
    ['/register', '/register'],
    ['/contact', '/contact'],
    ['/howto', '/howto'],
  ] as const) {
    it(`${start} signed out`, async () => {
      const api = fakeApi({
        'GET /api/lookup/info': () => ({ json: { name: 'Royal', website: 'royal.example' } }),
        'GET /api/lookup/active': () => ({ json: { terminated: null } }),
        'GET /api/wallet': () => ({ status: 401, json: { message: 'UNAUTHORIZED' } }),
      });
      window.history.replaceState(null, '', start);
      const router = createAppRouter();
      try {
        await settle(router, end);
        expect(api.calls.map((call) => call.key).filter(isMemberCall)).toEqual([]);
      } finally {
        router.dispose();
      }
    });
  }
});
