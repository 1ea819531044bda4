import { z } from 'zod';
import { locales } from '../constants';
import { endpoint } from '../endpoint';
import {
  HOME_BANNER_EXTERNAL_LINK,
  HOME_BANNER_IMAGE,
  HOME_BANNER_ROUTES,
  homePromotionLimits as limits,
} from '../home-promotions';
import { routes } from '../routes';

// The member home's promotion board (issue 26, decision 0134): the banner carousel and the
// running announcement line. The operator sets them per language (marketing and admin); the
// server keeps them as operator settings (`homeBanners`, `announcement`), turns every text
// into plain text before storing (the one sanitiser, lib/sanitize-html.ts) and answers a
// member only what is on now, in the member's language. Times are ISO instants.

const isoTime = z.iso.datetime({ offset: true });
/** Plain text per language ('' for none in that language). */
const localizedText = (max: number) =>
  z.strictObject({
    th: z.string().max(max),
    la: z.string().max(max),
    en: z.string().max(max),
  });
/** An image per language: a same-origin path or an https address; '' for none. */
const imageOrNone = z.union([
  z.literal(''),
  z.string().trim().max(limits.imageChars).regex(HOME_BANNER_IMAGE, 'KEY_INVALID'),
]);
const localizedImage = z.strictObject({ th: imageOrNone, la: imageOrNone, en: imageOrNone });
const bannerLink = z.union([
  z.null(),
  z.enum(HOME_BANNER_ROUTES),
  z.string().trim().max(limits.linkChars).regex(HOME_BANNER_EXTERNAL_LINK, 'KEY_INVALID'),
]);

/**
 * One slide as the operator sets it. A language without an image does not show the slide;
 * a language with one needs its alternative text. `active` switches it off without losing
 * it; `startsAt` / `endsAt` (either may be null) bound when it shows, end excluded.
 */
export const homeBannerSchema = z
  .strictObject({
    image: localizedImage,
    alt: localizedText(limits.altChars),
    link: bannerLink,
    active: z.boolean(),
    startsAt: isoTime.nullable(),
    endsAt: isoTime.nullable(),
  })
  .superRefine((banner, ctx) => {
    if (locales.every((lang) => banner.image[lang] === ''))
      ctx.addIssue({ code: 'custom', message: 'KEY_INVALID', path: ['image'] });
    for (const lang of locales)
      if (banner.image[lang] !== '' && banner.alt[lang].trim() === '')
        ctx.addIssue({ code: 'custom', message: 'KEY_INVALID', path: ['alt', lang] });
    if (
      banner.startsAt !== null &&
      banner.endsAt !== null &&
      Date.parse(banner.endsAt) <= Date.parse(banner.startsAt)
    )
      ctx.addIssue({ code: 'custom', message: 'KEY_INVALID', path: ['endsAt'] });
  });
export type HomeBanner = z.infer<typeof homeBannerSchema>;
export const homeBannersSchema = z.array(homeBannerSchema).max(limits.banners);

/** The running line under the top bar: on or off, plain text per language. */
export const announcementSchema = z
  .strictObject({ enabled: z.boolean(), text: localizedText(limits.announcementChars) })
  .refine((value) => !value.enabled || locales.some((lang) => value.text[lang].trim() !== ''), {
    message: 'KEY_INVALID',
    path: ['text'],
  });
export type Announcement = z.infer<typeof announcementSchema>;

// Answers: what is stored, checked loosely (a value stored before a rule still reads).
const loc = z.object({ th: z.string(), la: z.string(), en: z.string() });
const bannerAnswer = z.object({
  image: loc,
  alt: loc,
  link: z.string().nullable(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
const announcementAnswer = z.object({ enabled: z.boolean(), text: loc });
const lastChange = z.object({ operator: z.string().nullable(), at: z.string() }).nullable();

/** What a member is shown now, in the member's language. */
export const homePromotionsSchema = z.object({
  /** The slides on now, in the operator's order. */
  banners: z.array(z.object({ image: z.string(), alt: z.string(), link: z.string().nullable() })),
  /** The announcement line, or null when it is off or empty in this language. */
  announcement: z.string().nullable(),
});
export type HomePromotions = z.infer<typeof homePromotionsSchema>;

export const homeEndpoints = {
  promotions: endpoint({
    ...routes.home.promotions,
    summary:
      "The home's banner carousel (slides on now) and announcement line, in the member's language",
    response: homePromotionsSchema,
    milestone: 26,
  }),
};

export const operatorHomeEndpoints = {
  get: endpoint({
    ...routes.operatorHome.get,
    summary: "The home's banner slides and announcement line in th/la/en, with their last change",
    response: z.object({
      banners: z.array(bannerAnswer),
      announcement: announcementAnswer,
      changes: z.object({ banners: lastChange, announcement: lastChange }),
    }),
    milestone: 26,
  }),
  setBanners: endpoint({
    ...routes.operatorHome.setBanners,
    summary: "Replace the home's banner slides (ordered); texts are stored as plain text",
    body: z.strictObject({ banners: homeBannersSchema }),
    response: z.object({ banners: z.array(bannerAnswer) }),
    milestone: 26,
  }),
  setAnnouncement: endpoint({
    ...routes.operatorHome.setAnnouncement,
    summary: "Replace the home's announcement line; the text is stored as plain text",
    body: announcementSchema,
    response: announcementAnswer,
    milestone: 26,
  }),
};
