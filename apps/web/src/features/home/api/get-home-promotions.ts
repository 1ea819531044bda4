import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, Locale, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { useI18n } from '@/i18n/use-i18n';
import { callApi } from '@/lib/api-client';
import { takeEarly } from '@/lib/api/early-requests';

// The home's banner carousel and announcement line (issue 26, decision 0134): what is on
// now, in the member's language. Promotion content: the home reads it only through
// useHomePromotions, the one place a later check (a member in a time-out or self-exclusion)
// turns it off.
const endpoint = routes.home.promotions;

export type HomePromotions = ResponseFor<typeof api.home.promotions>;
export type HomeBanner = HomePromotions['banners'][number];

/** The first read takes the answer index.html's early request got, if usable (0156). */
export async function getHomePromotions(): Promise<HomePromotions> {
  return (await takeEarly<HomePromotions>(endpoint.path)) ?? callApi(endpoint);
}

/** Operator content, so keyed by language; a minute fresh (a slide's window is coarse). */
export const getHomePromotionsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['home', 'promotions', locale],
    queryFn: getHomePromotions,
    staleTime: 60_000,
  });

/** The one read of the home's promotion board. */
export function useHomePromotions() {
  const { locale } = useI18n();
  return useQuery(getHomePromotionsQueryOptions(locale));
}
