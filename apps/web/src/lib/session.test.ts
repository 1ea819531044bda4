// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, homeCookieToken, storeToken, syncHomeCookie } from '@/lib/session';

// The home cookie (decision 0159) follows a remembered session only: the server renders
// /user/home with it, and a cookie outlives a tab.
function cookieWrites() {
  const writes: string[] = [];
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
  });
  return writes;
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the home cookie', () => {
  it('carries a remembered session to /user/home only, same-site only', () => {
    const writes = cookieWrites();
    storeToken('token a/b', true);
    expect(writes.at(-2)).toMatch(
      /^wallet_home=token%20a%2Fb; Path=\/user\/home; SameSite=Strict; Max-Age=\d{7,}$/,
    );
    // Its mark, for the service worker (no secret in it).
    expect(writes.at(-1)).toMatch(/^wallet_home_on=1; Max-Age=\d{7,}; Path=\/; SameSite=Strict$/);
  });

  it('is not kept for a session of this tab only, and goes at logout', () => {
    const writes = cookieWrites();
    const gone = [
      'wallet_home=; Path=/user/home; SameSite=Strict; Max-Age=0',
      'wallet_home_on=; Max-Age=0; Path=/; SameSite=Strict',
    ];
    storeToken('token-1', false);
    expect(writes.slice(-2)).toEqual(gone);
    storeToken('token-2', true);
    expect(writes.at(-2)).toContain('wallet_home=token-2;');
    clearSession();
    expect(writes.slice(-2)).toEqual(gone);
  });

  it('follows the session held at start (a remembered one from before, or none)', () => {
    const writes = cookieWrites();
    localStorage.setItem('token', 'from-before');
    syncHomeCookie();
    expect(writes.at(-2)).toContain('wallet_home=from-before;');
    localStorage.removeItem('token');
    syncHomeCookie();
    expect(writes.at(-2)).toContain('Max-Age=0');
    expect(writes.at(-1)).toContain('Max-Age=0');
  });

  it('reads the token the page was asked with', () => {
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('LANG=EN; wallet_home=tok%3Den');
    expect(homeCookieToken()).toBe('tok=en');
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('LANG=EN');
    expect(homeCookieToken()).toBeNull();
  });
});
