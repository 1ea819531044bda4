// @vitest-environment jsdom
// The home's promotion board (issue 26, decision 0135): the carousel by keyboard, turning by
// itself only as allowed, its pictures; the announcement line's screen-reader text and its
// still form under prefers-reduced-motion.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '@/i18n/locales/en';
import { renderRoute } from '@/test/render';
import type { HomeBanner } from '@/features/home/api/get-home-promotions';
import {
  AnnouncementLine,
  AUTOPLAY_MS,
  BannerCarousel,
  tickerSeconds,
} from '@/features/home/components/promo-board';

const banners: HomeBanner[] = [
  { image: '/api/promotions/art/home-welcome-en.jpg', alt: 'Welcome bonus', link: '/user/bonus' },
  { image: '/api/promotions/art/home-spin-en.jpg', alt: 'Spin the wheel', link: null },
  {
    image: 'https://cdn.example/cashback.jpg',
    alt: 'Cashback',
    link: 'https://promo.example/cashback',
  },
];

/** prefers-reduced-motion as the member's system says. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const renderCarousel = (list: HomeBanner[] = banners) =>
  renderRoute(<BannerCarousel banners={list} />, { path: '/user/home', url: '/user/home' });

const shown = () =>
  screen
    .getAllByTestId('home-banner')
    .filter((slide) => slide.getAttribute('aria-hidden') === 'false')
    .map((slide) => slide.dataset.index);
const currentDot = () =>
  screen
    .getAllByTestId('home-banner-dot')
    .findIndex((dot) => dot.getAttribute('aria-current') === 'true');

beforeEach(() => prefersReducedMotion(false));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('home banner carousel', () => {
  it('moves with Left, Right, Home and End while focus is inside, focus following the slide', async () => {
    const user = userEvent.setup({ delay: null });
    renderCarousel();
    expect(shown()).toEqual(['0']);
    const first = within(screen.getAllByTestId('home-banner')[0]!).getByRole('link');
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toEqual(['1']);
    expect(currentDot()).toBe(1);
    // The second slide has no link: the slide itself takes the focus, the first leaves the
    // tab order.
    expect(document.activeElement).toBe(screen.getAllByTestId('home-banner')[1]);
    expect(first.getAttribute('tabindex')).toBe('-1');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toEqual(['2']);
    await user.keyboard('{ArrowRight}');
    expect(shown()).toEqual(['0']);
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toEqual(['2']);
    await user.keyboard('{Home}');
    expect(shown()).toEqual(['0']);
    await user.keyboard('{End}');
    expect(shown()).toEqual(['2']);
    expect(document.activeElement?.getAttribute('href')).toBe('https://promo.example/cashback');
    // A dot goes straight to its slide; each is labelled.
    const dots = screen.getAllByTestId('home-banner-dot');
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Show slide 1 of 3',
      'Show slide 2 of 3',
      'Show slide 3 of 3',
    ]);
    await user.click(dots[1]!);
    expect(shown()).toEqual(['1']);
  });

  it('turns every 5 s by itself, and not while pointed at, focused or paused', () => {
    vi.useFakeTimers();
    renderCarousel();
    const carousel = screen.getByTestId('home-banners');
    // Turning: a screen reader is not told of every turn.
    expect(carousel.querySelector('[aria-live]')?.getAttribute('aria-live')).toBe('off');
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(shown()).toEqual(['1']);

    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(3 * AUTOPLAY_MS));
    expect(shown()).toEqual(['1']);
    expect(carousel.querySelector('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(shown()).toEqual(['2']);

    const pause = screen.getByTestId('home-banners-pause');
    act(() => pause.focus());
    act(() => vi.advanceTimersByTime(3 * AUTOPLAY_MS));
    expect(shown()).toEqual(['2']);
    fireEvent.click(pause);
    expect(pause.getAttribute('aria-label')).toBe('Play the slides');
    act(() => pause.blur());
    act(() => vi.advanceTimersByTime(3 * AUTOPLAY_MS));
    expect(shown()).toEqual(['2']);
    fireEvent.click(pause);
    expect(pause.getAttribute('aria-label')).toBe('Pause the slides');
    act(() => pause.blur());
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(shown()).toEqual(['0']);
  });

  it('never turns by itself when the member prefers reduced motion (and offers no pause)', () => {
    prefersReducedMotion(true);
    vi.useFakeTimers();
    renderCarousel();
    act(() => vi.advanceTimersByTime(10 * AUTOPLAY_MS));
    expect(shown()).toEqual(['0']);
    expect(screen.getByTestId('home-banners').dataset.turning).toBe('false');
    expect(screen.queryByTestId('home-banners-pause')).toBeNull();
    // Still moved by hand.
    fireEvent.click(screen.getAllByTestId('home-banner-dot')[2]!);
    expect(shown()).toEqual(['2']);
  });

  it('shows each picture with its alt text in a fixed 2:1 box, lazily after the first', () => {
    renderCarousel();
    // A landmark of its own name: the invite and refund dialogs' carousel (open over the
    // home) is another.
    const region = screen.getByRole('region', { name: 'Promotion slides' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(en.homePromos.carousel).not.toBe(en.promoCarousel.label);
    const images = screen.getAllByRole('img', { hidden: true });
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'Welcome bonus',
      'Spin the wheel',
      'Cashback',
    ]);
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    // The first is the home's largest paint: fetched first (decision 0149).
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', null, null]);
    for (const img of images) {
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['720', '360']);
    }
    // An app page opens in the app; an https address in a new tab that cannot reach back.
    const slides = screen.getAllByTestId('home-banner');
    expect(within(slides[0]!).getByRole('link').getAttribute('href')).toBe('/user/bonus');
    expect(within(slides[1]!).queryByRole('link', { hidden: true })).toBeNull();
    const external = within(slides[2]!).getByRole('link', { hidden: true });
    expect([external.getAttribute('target'), external.getAttribute('rel')]).toEqual([
      '_blank',
      'noopener noreferrer',
    ]);
    expect(external.textContent).toContain('(opens in a new tab)');
  });

  it('leaves out a slide whose picture or link the page may not use', () => {
    renderCarousel([
      { image: 'javascript:alert(1)', alt: 'bad', link: null },
      { image: '/api/promotions/art/home-spin-en.jpg', alt: 'ok', link: 'javascript:alert(2)' },
    ]);
    const slides = screen.getAllByTestId('home-banner');
    expect(slides).toHaveLength(1);
    expect(within(slides[0]!).queryByRole('link')).toBeNull();
    // One slide: nothing to turn, no dots.
    expect(screen.queryByTestId('home-banner-dot')).toBeNull();
  });
});

/** The text of `node` a screen reader reaches: everything outside aria-hidden subtrees. */
function readable(node: Node): string {
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  return Array.from(node.childNodes).map(readable).join('');
}

describe('home announcement line', () => {
  const text = 'ยินดีต้อนรับ • ฝาก-ถอนอัตโนมัติ 24 ชั่วโมง';

  it('is read once by a screen reader: the moving copies are hidden from it', () => {
    renderRoute(<AnnouncementLine text={text} />, { path: '/user/home', url: '/user/home' });
    const line = screen.getByRole('region', { name: 'Announcement' });
    expect(line.dataset.motion).toBe('running');
    // What assistive technology reads: the text once.
    expect(readable(line)).toBe(text);
    expect(screen.getByTestId('home-announcement-text').textContent).toBe(text);
    // The animation repeats it twice, hidden.
    const running = line.querySelector('.ticker__run')!;
    expect(running.getAttribute('aria-hidden')).toBe('true');
    expect(running.textContent).toBe(text + text);
    expect(running.getAttribute('style')).toContain(`--ticker-s: ${tickerSeconds(text)}s`);
    // Focusable, so a tap or Tab can stop it.
    expect(line.querySelector('[tabindex="0"]')).not.toBeNull();
  });

  it('stands still as one scrollable line under prefers-reduced-motion', () => {
    prefersReducedMotion(true);
    renderRoute(<AnnouncementLine text={text} />, { path: '/user/home', url: '/user/home' });
    const line = screen.getByRole('region', { name: 'Announcement' });
    expect(line.dataset.motion).toBe('still');
    expect(line.querySelector('.ticker__run')).toBeNull();
    expect(line.querySelector('[aria-hidden="true"]:not(svg)')).toBeNull();
    expect(within(line).getByText(text).className).toBe('ticker__still');
    expect(readable(line)).toBe(text);
  });

  it('takes longer for a longer text, never under 12 s', () => {
    expect(tickerSeconds('short')).toBe(12);
    expect(tickerSeconds('x'.repeat(350))).toBe(50);
  });
});
