import { describe, expect, it } from 'vitest';
import { loginUrl, safeRedirect } from '@/lib/redirect';

describe('safeRedirect', () => {
  it('returns member paths on this origin', () => {
    expect(safeRedirect('/user/profile')).toBe('/user/profile');
    expect(safeRedirect('/user/statement?page=2')).toBe('/user/statement?page=2');
  });
  it('refuses other sites and non-member paths', () => {
    for (const target of [
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      '/login',
      '/username',
      null,
      '',
    ]) {
      expect(safeRedirect(target)).toBe('/user');
    }
  });
});

describe('loginUrl', () => {
  it('carries the intended member URL', () => {
    expect(loginUrl('/user/profile')).toBe('/login?redirect=%2Fuser%2Fprofile');
  });
  it('is plain /login when there is nothing to return to', () => {
    expect(loginUrl('/user')).toBe('/login');
    expect(loginUrl('/register')).toBe('/login');
    expect(loginUrl(null)).toBe('/login');
  });
});
