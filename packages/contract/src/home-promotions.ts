// The member home's promotion board (issue 26, decision 0134): an operator-managed banner
// carousel and a running announcement line, in th, la and en. Plain data without zod, so the
// member app and the console can read the rules at run time (`@wallet/contract/client`).

/** The member app's pages a banner may open (same tab, in-app navigation). */
export const HOME_BANNER_ROUTES = [
  '/user/bonus',
  '/user/spin',
  '/user/statement',
  '/user/profile',
  '/user/contact',
] as const;
export type HomeBannerRoute = (typeof HOME_BANNER_ROUTES)[number];

export const homePromotionLimits = {
  /** Slides in the carousel, shown and waiting together. */
  banners: 10,
  /** An image address (a same-origin path or an https address). */
  imageChars: 500,
  /** A slide's alternative text, per language. */
  altChars: 150,
  /** An external link. */
  linkChars: 500,
  /** The announcement line, per language (plain text). */
  announcementChars: 500,
} as const;

/** An image a slide may show: a path on this site (not `//host`) or an https address. */
export const HOME_BANNER_IMAGE = /^(https:\/\/[^\s<>"'`]+|\/(?!\/)[^\s<>"'`]*)$/i;
/** An external link: https only. */
export const HOME_BANNER_EXTERNAL_LINK = /^https:\/\/[^\s<>"'`]+$/i;

/** What a banner's link is: one of the app's pages, an https address, or not a link. */
export function homeBannerLinkKind(link: string | null): 'route' | 'external' | null {
  if (link === null || link === '') return null;
  if ((HOME_BANNER_ROUTES as readonly string[]).includes(link)) return 'route';
  return HOME_BANNER_EXTERNAL_LINK.test(link) ? 'external' : null;
}
