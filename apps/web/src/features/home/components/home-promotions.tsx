// Where the home shows its promotion board (issue 26, decision 0134): the announcement line
// under the top bar and the banner carousel. Both read useHomePromotions (one request) and
// load their code and styles on demand (promo-board.tsx; its words are in the core catalogue
// part, as the home's first screen shows them), so the home's first render carries only these
// two small slots. While the carousel's code or answer is on its way its place is held at its
// final size (no layout shift); a failed read shows nothing (spec section 8: banners are never
// worth an error).
import { lazy, Suspense, useEffect } from 'react';
import { HOME_BANNER_IMAGE } from '@wallet/contract/client';
import { useHomePromotions } from '@/features/home/api/get-home-promotions';
import { preloadImage } from '@/lib/preload-image';
import './home-promotions.css';

const board = () => import('@/features/home/components/promo-board');
const AnnouncementLine = lazy(() => board().then((m) => ({ default: m.AnnouncementLine })));
const BannerCarousel = lazy(() => board().then((m) => ({ default: m.BannerCarousel })));

/**
 * Decision 0149: the home asks for its promotions beside the wallet and the protection state,
 * not after them, and fetches the board's code meanwhile (unless a block is known). Showing
 * still waits for the state: `shown` is the home's own rule (state answered, no block), and
 * only then is the first banner's image (the home's largest paint) preloaded at high priority,
 * so a member in a block never fetches promotion art.
 */
export function usePromotionsAhead({ blocked, shown }: { blocked: boolean; shown: boolean }) {
  const { data } = useHomePromotions();
  useEffect(() => {
    if (!blocked) void board();
  }, [blocked]);
  const first = data?.banners.find((banner) => HOME_BANNER_IMAGE.test(banner.image));
  const image = shown ? first?.image : undefined;
  useEffect(() => {
    if (image) preloadImage(image);
  }, [image]);
}

/** The running announcement line, when the operator has one on in this language. */
export function HomeAnnouncement() {
  const { data, isPending } = useHomePromotions();
  const space = <div className="home-announcement-space" />;
  if (isPending) return space;
  if (!data?.announcement) return null;
  return (
    <Suspense fallback={space}>
      <AnnouncementLine text={data.announcement} />
    </Suspense>
  );
}

/** The banner carousel, when a slide is on now. */
export function HomeBanners() {
  const { data, isPending } = useHomePromotions();
  const space = <div className="home-banners-space" data-testid="home-banners-space" />;
  if (isPending) return space;
  if (!data?.banners.length) return null;
  return (
    <Suspense fallback={space}>
      <BannerCarousel banners={data.banners} />
    </Suspense>
  );
}
