// Pure helpers of the banner carousel (components/promo-carousel.tsx).

const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/i;

/**
 * A banner's image address as the page may load it, or null: a path on this site, an
 * http(s) address or an inline raster / SVG image. Anything else (javascript:, protocol-
 * relative `//host`, other data: types) is dropped and the slide shows its caption only.
 */
export function safeBannerSrc(src: string): string | null {
  const value = src.trim();
  if (value.startsWith('/')) return value.startsWith('//') ? null : value;
  if (DATA_IMAGE.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The carousel's next index, wrapping round at both ends. */
export function wrapIndex(index: number, total: number): number {
  if (total <= 0) return 0;
  return ((index % total) + total) % total;
}
