import { useState } from 'react';
import type { Banner } from '@wallet/contract/client';
import { useI18n } from '@/i18n/use-i18n';
import { sanitizeHtml } from '@/lib/sanitize-html';

/**
 * The bonus dialog's banners (spec section 2): one at a time, previous / next buttons and
 * a position line when there are several; each banner's operator HTML under its image.
 */
export function BannerCarousel({ banners, alt }: { banners: readonly Banner[]; alt: string }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  if (banners.length === 0) return null;
  const at = Math.min(index, banners.length - 1);
  const banner = banners[at]!;
  const move = (step: number) => setIndex((at + step + banners.length) % banners.length);
  return (
    <div
      className="banner-carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label={alt}
      data-testid="bonus-banners"
    >
      <img className="banner-carousel__image" src={banner.image} alt={alt} loading="lazy" />
      {banner.html ? (
        <div
          className="rich-text banner-carousel__html"
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(banner.html) }}
        />
      ) : null}
      {banners.length > 1 ? (
        <div className="banner-carousel__nav">
          <button
            type="button"
            className="icon-button"
            aria-label={t('bonus.previousBanner')}
            onClick={() => move(-1)}
          >
            ‹
          </button>
          <span aria-live="polite" data-testid="bonus-banner-position">
            {t('bonus.bannerOf', { index: at + 1, total: banners.length })}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('bonus.nextBanner')}
            onClick={() => move(1)}
          >
            ›
          </button>
        </div>
      ) : null}
    </div>
  );
}
