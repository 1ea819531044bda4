// The home's promotion board (issue 26, decision 0135), a lazy chunk with its styles (its words
// are in the core catalogue part): the running announcement line and the banner carousel.
//
// The line scrolls the operator's text from right to left, pauses while hovered, touched
// or focused, and is read once by a screen reader (the moving copies are hidden from it);
// with prefers-reduced-motion it stands still as one line that scrolls by hand.
//
// The carousel shows one slide at a time in a scroll-snapping strip: a swipe moves it
// natively; Left / Right / Home / End move it while focus is inside; one labelled dot per
// slide. It turns every AUTOPLAY_MS by itself unless the member prefers reduced motion,
// pressed pause, or points at or focuses it; a screen reader hears the slide only when the
// member moves it (aria-live is off while it turns). The images keep a 2:1 box from the
// start and load lazily after the first; the first loads at high priority (decision 0149).
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { HOME_BANNER_IMAGE, homeBannerLinkKind } from '@wallet/contract/client';
import { Link } from '@/components/link';
import { useI18n } from '@/i18n/use-i18n';
import { useMounted } from '@/hooks/use-mounted';
import type { HomeBanner } from '@/features/home/api/get-home-promotions';
import './promo-board.css';

/** How long a slide stays before the carousel turns by itself. */
export const AUTOPLAY_MS = 5_000;
/** How long after the strip stops moving a swipe counts as done. */
const SETTLE_MS = 120;

const REDUCED = '(prefers-reduced-motion: reduce)';
const subscribeMotion = (change: () => void) => {
  const query = window.matchMedia?.(REDUCED);
  query?.addEventListener('change', change);
  return () => query?.removeEventListener('change', change);
};
/**
 * Whether the member asked for less motion (followed live). False where there is no window:
 * the home rendered on the server (decision 0159) draws the first slide, which no motion moves.
 * False too while the app hydrates that page (decision 0160), so it finds the elements it
 * draws there; the member's choice follows at once, before the next paint.
 */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeMotion,
    () => typeof window !== 'undefined' && (window.matchMedia?.(REDUCED).matches ?? false),
    () => false,
  );
}

/** `index` brought into 0..total-1, wrapping round at both ends. */
const wrapIndex = (index: number, total: number) =>
  total > 0 ? ((index % total) + total) % total : 0;

/** Seconds for one pass of the line: about 7 letters a second, never under 12 s. */
export const tickerSeconds = (text: string) => Math.max(12, Math.round(text.length / 7));

/** The running announcement line under the top bar. */
export function AnnouncementLine({ text }: { text: string }) {
  const { t } = useI18n();
  const reduced = usePrefersReducedMotion();
  return (
    <section
      className="ticker"
      aria-label={t('homePromos.announcement')}
      data-testid="home-announcement"
      data-motion={reduced ? 'still' : 'running'}
    >
      <svg className="ticker__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M4 10v4h3l6 4V6L7 10H4Z" />
        <path d="M16.5 9a4 4 0 0 1 0 6M19 6.5a7.5 7.5 0 0 1 0 11" fill="none" />
      </svg>
      {/* Focusable: a tap or Tab stops the line (and lets the still line scroll by keys). */}
      <div className="ticker__view" tabIndex={0}>
        {reduced ? (
          <p className="ticker__still" data-testid="home-announcement-text">
            {text}
          </p>
        ) : (
          <>
            <p className="visually-hidden" data-testid="home-announcement-text">
              {text}
            </p>
            <div
              className="ticker__run"
              aria-hidden="true"
              style={{ '--ticker-s': `${tickerSeconds(text)}s` } as CSSProperties}
            >
              <span>{text}</span>
              <span>{text}</span>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

function SlidePicture({
  banner,
  eager,
  mounted,
}: {
  banner: HomeBanner;
  eager: boolean;
  mounted: boolean;
}) {
  return (
    <img
      className="banners__image"
      // The later slides' pictures once the app runs: a lazy image beside the first slide is
      // near enough for the browser to fetch at once, and in the home the server renders
      // (decision 0159) they shared a slow phone's link with the first, the largest paint.
      src={eager || mounted ? banner.image : undefined}
      alt={banner.alt}
      width={720}
      height={360}
      loading={eager ? 'eager' : 'lazy'}
      // The first slide is the home's largest paint (decision 0149).
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      draggable={false}
    />
  );
}

/** The banner carousel: the slides on now, in the operator's order. */
export function BannerCarousel({ banners }: { banners: readonly HomeBanner[] }) {
  const { t } = useI18n();
  const reduced = usePrefersReducedMotion();
  const mounted = useMounted();
  // Only what the server accepts (a same-origin path or https), should anything else arrive.
  const slides = banners.filter((banner) => HOME_BANNER_IMAGE.test(banner.image));
  const total = slides.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const focusAfterMove = useRef(false);
  const current = wrapIndex(index, total);
  const turning = total > 1 && !reduced && !paused && !held;

  const goTo = (next: number) => {
    const target = wrapIndex(next, total);
    setIndex(target);
    const strip = track.current;
    strip?.scrollTo?.({
      left: target * strip.clientWidth,
      behavior: reduced ? 'auto' : 'smooth',
    });
  };

  useEffect(() => {
    if (!turning) return;
    const timer = setTimeout(() => goTo(current + 1), AUTOPLAY_MS);
    return () => clearTimeout(timer);
    // goTo reads this render's values; the timer starts over whenever the slide changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [turning, current]);

  // A layout effect: focus moves in the commit that shows the content, not a frame later
  // (Preact runs plain effects after the next paint; a key pressed meanwhile went elsewhere:
  // decision 0158).
  useLayoutEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    track.current
      ?.querySelector<HTMLElement>(
        `[data-index="${current}"] [tabindex="0"], [data-index="${current}"][tabindex="0"]`,
      )
      ?.focus({ preventScroll: true });
  }, [current]);

  useEffect(() => () => clearTimeout(settle.current), []);

  if (total === 0) return null;

  // A swipe (or the browser's own scrolling) settles on a slide: that one is current.
  const onScroll = () => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const strip = track.current;
      if (!strip || strip.clientWidth === 0) return;
      setIndex(wrapIndex(Math.round(strip.scrollLeft / strip.clientWidth), total));
    }, SETTLE_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: total - 1,
    };
    const next = moves[event.key];
    if (next === undefined || total < 2) return;
    event.preventDefault();
    // Focus on a slide follows the slide it moved to (the old one leaves the tab order).
    focusAfterMove.current = track.current?.contains(document.activeElement) ?? false;
    goTo(next);
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
  };

  return (
    <section
      className="banners"
      aria-roledescription="carousel"
      aria-label={t('homePromos.carousel')}
      data-testid="home-banners"
      data-turning={turning}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={onBlur}
    >
      <div
        ref={track}
        className="banners__track"
        aria-live={turning ? 'off' : 'polite'}
        onScroll={onScroll}
      >
        {slides.map((slide, n) => {
          const shown = n === current;
          const label = t('homePromos.slide', { n: n + 1, total });
          const kind = homeBannerLinkKind(slide.link);
          const picture = <SlidePicture banner={slide} eager={n === 0} mounted={mounted} />;
          return (
            <div
              key={n}
              className="banners__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={label}
              aria-hidden={!shown}
              tabIndex={kind === null && shown ? 0 : -1}
              data-index={n}
              data-testid="home-banner"
            >
              {kind === 'route' ? (
                <Link to={slide.link!} className="banners__link" tabIndex={shown ? 0 : -1}>
                  {picture}
                </Link>
              ) : kind === 'external' ? (
                <a
                  href={slide.link!}
                  className="banners__link"
                  target="_blank"
                  rel="noopener noreferrer"
                  tabIndex={shown ? 0 : -1}
                >
                  {picture}
                  <span className="visually-hidden">{t('homePromos.newTab')}</span>
                </a>
              ) : (
                picture
              )}
            </div>
          );
        })}
      </div>
      {total > 1 ? (
        <div className="banners__controls">
          {reduced ? null : (
            <button
              type="button"
              className="banners__pause"
              aria-label={t(paused ? 'homePromos.play' : 'homePromos.pause')}
              onClick={() => setPaused(!paused)}
              data-testid="home-banners-pause"
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={paused ? 'M8 5v14l11-7z' : 'M7 5h4v14H7zM13 5h4v14h-4z'} />
              </svg>
            </button>
          )}
          {slides.map((_, n) => (
            <button
              key={n}
              type="button"
              className="banners__dot"
              aria-label={t('homePromos.goTo', { n: n + 1, total })}
              aria-current={n === current ? 'true' : undefined}
              onClick={() => goTo(n)}
              data-testid="home-banner-dot"
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
