import { describe, expect, it } from 'vitest';
import { safeBannerSrc, wrapIndex } from '@/lib/banner';

describe('safeBannerSrc', () => {
  it('keeps site paths, http(s) addresses and inline images', () => {
    expect(safeBannerSrc('/static/promotions/invite-1.svg')).toBe(
      '/static/promotions/invite-1.svg',
    );
    expect(safeBannerSrc('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(safeBannerSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });

  it('drops script, protocol-relative and other data addresses', () => {
    expect(safeBannerSrc('javascript:alert(1)')).toBeNull();
    expect(safeBannerSrc('//evil.example/a.png')).toBeNull();
    expect(safeBannerSrc('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    expect(safeBannerSrc('not a url')).toBeNull();
  });
});

describe('wrapIndex', () => {
  it('wraps round at both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});
