import { describe, expect, it, vi } from 'vitest';
import { loginGuard, memberGuard, publicShellGuard } from '@/app/guards';

const url = (path: string) => new URL(path, 'http://127.0.0.1:3000');

describe('loginGuard (before each navigation to /login)', () => {
  it("sends everyone to /terminated when the site is 'gone'", async () => {
    const deps = {
      fetchActive: vi.fn().mockResolvedValue({ terminated: 'gone' }),
      markTerminated: vi.fn(),
      clearTerminated: vi.fn(),
    };
    expect(await loginGuard(deps)).toBe('/terminated');
    expect(deps.markTerminated).toHaveBeenCalledOnce();
    expect(deps.clearTerminated).not.toHaveBeenCalled();
  });

  it('clears the stored terminated flag when the site is live', async () => {
    const deps = {
      fetchActive: vi.fn().mockResolvedValue({ terminated: null }),
      markTerminated: vi.fn(),
      clearTerminated: vi.fn(),
    };
    expect(await loginGuard(deps)).toBeNull();
    expect(deps.clearTerminated).toHaveBeenCalledOnce();
    expect(deps.markTerminated).not.toHaveBeenCalled();
  });

  it('lets the user reach /login when the status cannot be read', async () => {
    const deps = {
      fetchActive: vi.fn().mockRejectedValue(new Error('NETWORK_ERROR')),
      markTerminated: vi.fn(),
      clearTerminated: vi.fn(),
    };
    expect(await loginGuard(deps)).toBeNull();
    expect(deps.clearTerminated).not.toHaveBeenCalled();
  });
});

describe('memberGuard', () => {
  it('sends a visitor to /login with the intended URL', () => {
    expect(memberGuard(url('/user/profile'), false)).toBe('/login?redirect=%2Fuser%2Fprofile');
    expect(memberGuard(url('/user/statement?page=2'), false)).toBe(
      '/login?redirect=%2Fuser%2Fstatement%3Fpage%3D2',
    );
  });
  it('lets a member through', () => {
    expect(memberGuard(url('/user/home'), true)).toBeNull();
  });
});

describe('publicShellGuard', () => {
  it('redirects / to /user without touching the session', () => {
    expect(publicShellGuard(url('/'), true)).toEqual({ redirect: '/user' });
  });
  it('clears a held token when a public page opens', () => {
    expect(publicShellGuard(url('/login'), true)).toEqual({ redirect: null, clearSession: true });
    expect(publicShellGuard(url('/contact'), false)).toEqual({
      redirect: null,
      clearSession: false,
    });
  });
});
