// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { preloadImage } from '@/lib/preload-image';

const links = () => [...document.head.querySelectorAll('link[rel="preload"]')];

describe('preloadImage', () => {
  afterEach(() => links().forEach((l) => l.remove()));

  it('adds one high-priority image preload per address', () => {
    preloadImage('/static/promotions/a.webp');
    preloadImage('/static/promotions/a.webp');
    preloadImage('/static/promotions/b.webp');
    expect(
      links().map((l) => [
        l.getAttribute('href'),
        l.getAttribute('as'),
        l.getAttribute('fetchpriority'),
      ]),
    ).toEqual([
      ['/static/promotions/a.webp', 'image', 'high'],
      ['/static/promotions/b.webp', 'image', 'high'],
    ]);
  });

  it('leaves an address early-requests.js already preloads alone', () => {
    const early = document.createElement('link');
    early.rel = 'preload';
    early.setAttribute('as', 'image');
    early.href = '/static/promotions/a.webp';
    document.head.appendChild(early);
    preloadImage('/static/promotions/a.webp');
    expect(links()).toHaveLength(1);
  });
});
