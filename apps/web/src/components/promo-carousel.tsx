import { useMemo, useState, type KeyboardEvent } from 'react';
import type { Banner } from '@wallet/contract/client';
import { useI18n } from '@/i18n/use-i18n';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { safeBannerSrc, wrapIndex } from '@/lib/banner';
import './promo-carousel.css';

/**
 * The banner carousel of the bonus, invite and refund dialogs (spec section 2): one banner at
 * a time, its image and its operator HTML caption (sanitised). Previous / next buttons and a
 * dot per banner; Left / Right arrows (and Home / End) move while focus is inside it. It
 * never turns by itself (decision 0080), so nothing moves while the member reads.
 */
export function PromoCarousel({
  banners,
  positionTestId,
}: {
  banners: readonly Banner[];
  /** A test id for the "Banner n of m" line a screen reader hears. */
  positionTestId?: string;
}) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const slides = useMemo(
    () =>
      banners.map((banner) => ({
        src: safeBannerSrc(banner.image),
        html: sanitizeHtml(banner.html),
      })),
    [banners],
  );
  const total = slides.length;
  const current = wrapIndex(index, total);
  const go = (next: number) => setIndex(wrapIndex(next, total));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (total < 2) return;
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: total - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    go(next);
  };

  if (total === 0) return null;
  return (
    <section
      className="promo-carousel"
      aria-roledescription="carousel"
      aria-label={t('promoCarousel.label')}
      onKeyDown={onKeyDown}
      data-testid="promo-carousel"
    >
      {slides.map((slide, n) =>
        n === current ? (
          <div
            key={n}
            className="promo-carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('promoCarousel.slide', { n: n + 1, total })}
            data-testid="promo-slide"
            data-index={n}
          >
            {slide.src ? (
              <img className="promo-carousel__image" src={slide.src} alt="" loading="lazy" />
            ) : null}
            <div
              className="rich-text promo-carousel__caption"
              data-testid="promo-caption"
              // Sanitised with an allowlist (lib/sanitize-html.ts).
              dangerouslySetInnerHTML={{ __html: slide.html }}
            />
          </div>
        ) : null,
      )}
      {total > 1 ? (
        <div className="promo-carousel__controls">
          <button
            type="button"
            className="icon-button promo-carousel__arrow"
            onClick={() => go(current - 1)}
            aria-label={t('promoCarousel.previous')}
            data-testid="promo-prev"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="promo-carousel__dots">
            {slides.map((_, n) => (
              <button
                key={n}
                type="button"
                className={`promo-carousel__dot${n === current ? ' is-current' : ''}`}
                onClick={() => go(n)}
                aria-label={t('promoCarousel.goTo', { n: n + 1 })}
                aria-current={n === current ? 'true' : undefined}
                data-testid="promo-dot"
              />
            ))}
          </div>
          <button
            type="button"
            className="icon-button promo-carousel__arrow"
            onClick={() => go(current + 1)}
            aria-label={t('promoCarousel.next')}
            data-testid="promo-next"
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
      <p className="visually-hidden" aria-live="polite" data-testid={positionTestId}>
        {t('promoCarousel.slide', { n: current + 1, total })}
      </p>
    </section>
  );
}
