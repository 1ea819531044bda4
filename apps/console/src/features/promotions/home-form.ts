// The member home's banner slides and announcement line (issue 26, decision 0134): the form's
// drafts, turned into the request with the contract's rules checked first. A field's
// problem is the code the server would answer (KEY_MISSING, KEY_INVALID), under
// `banners.<i>.<field>[.<lang>]` or `text.<lang>`; the server checks everything again and
// stores every text as plain text.
import {
  HOME_BANNER_EXTERNAL_LINK,
  HOME_BANNER_IMAGE,
  HOME_BANNER_ROUTES,
  homeBannerLinkKind,
  homePromotionLimits as limits,
  type HomeBannerRoute,
} from '@wallet/contract/client';
import {
  collector,
  emptyLocalized,
  fromBangkokInput,
  LOCALES,
  toBangkokInput,
  type Localized,
  type Problems,
} from './form';

/** The lettered stock slides the server builds (promotions.home-art.ts), per language. */
export const STOCK_HOME_SLIDES = ['welcome', 'spin', 'cashback'] as const;
export type StockHomeSlide = (typeof STOCK_HOME_SLIDES)[number];
export const homeSlideArt = (name: StockHomeSlide): Localized => ({
  th: `/api/promotions/art/home-${name}-th.jpg`,
  la: `/api/promotions/art/home-${name}-la.jpg`,
  en: `/api/promotions/art/home-${name}-en.jpg`,
});
/** The stock slide whose pictures these are, if any. */
export function stockSlideOf(image: Localized): StockHomeSlide | null {
  return (
    STOCK_HOME_SLIDES.find((name) => {
      const art = homeSlideArt(name);
      return LOCALES.every((lang) => image[lang] === art[lang]);
    }) ?? null
  );
}

export type LinkChoice = 'none' | 'external' | HomeBannerRoute;
export const LINK_CHOICES: readonly LinkChoice[] = ['none', ...HOME_BANNER_ROUTES, 'external'];

/** A slide as the form holds it: texts as typed, times as Bangkok datetime inputs. */
export interface SlideDraft {
  image: Localized;
  alt: Localized;
  link: LinkChoice;
  /** The https address when `link` is 'external'. */
  url: string;
  active: boolean;
  startsAt: string;
  endsAt: string;
}

/** What the server stores for a slide (and the request carries). */
export interface SlideValue {
  image: Localized;
  alt: Localized;
  link: string | null;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
}

export function newSlide(): SlideDraft {
  return {
    image: homeSlideArt('welcome'),
    alt: emptyLocalized(),
    link: 'none',
    url: '',
    active: true,
    startsAt: '',
    endsAt: '',
  };
}

export function slideDraftOf(slide: SlideValue): SlideDraft {
  const kind = homeBannerLinkKind(slide.link);
  return {
    image: { ...slide.image },
    alt: { ...slide.alt },
    link:
      kind === 'route'
        ? (slide.link as HomeBannerRoute)
        : kind === 'external'
          ? 'external'
          : 'none',
    url: kind === 'external' ? slide.link! : '',
    active: slide.active,
    startsAt: toBangkokInput(slide.startsAt),
    endsAt: toBangkokInput(slide.endsAt),
  };
}

/** The slides as the request, or the problems that keep it from being sent. */
export function checkSlides(drafts: readonly SlideDraft[]): {
  banners: SlideValue[];
  problems: Problems;
} {
  const c = collector();
  if (drafts.length > limits.banners) c.take('banners', 'KEY_INVALID');
  const banners = drafts.map((draft, i) => {
    const at = `banners.${i}`;
    const image = { ...draft.image };
    const alt = { ...draft.alt };
    for (const lang of LOCALES) {
      image[lang] = draft.image[lang].trim();
      alt[lang] = draft.alt[lang].trim();
      if (
        image[lang] !== '' &&
        (image[lang].length > limits.imageChars || !HOME_BANNER_IMAGE.test(image[lang]))
      )
        c.take(`${at}.image.${lang}`, 'KEY_INVALID');
      if (alt[lang].length > limits.altChars) c.take(`${at}.alt.${lang}`, 'KEY_INVALID');
      else if (image[lang] !== '' && alt[lang] === '') c.take(`${at}.alt.${lang}`, 'KEY_MISSING');
    }
    if (LOCALES.every((lang) => image[lang] === '')) c.take(`${at}.image`, 'KEY_MISSING');
    let link: string | null = null;
    if (draft.link === 'external') {
      const url = draft.url.trim();
      if (url === '') c.take(`${at}.url`, 'KEY_MISSING');
      else if (url.length > limits.linkChars || !HOME_BANNER_EXTERNAL_LINK.test(url))
        c.take(`${at}.url`, 'KEY_INVALID');
      link = url;
    } else if (draft.link !== 'none') {
      link = draft.link;
    }
    const startsAt = c.take(`${at}.startsAt`, fromBangkokInput(draft.startsAt));
    const endsAt = c.take(`${at}.endsAt`, fromBangkokInput(draft.endsAt));
    if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt))
      c.take(`${at}.endsAt`, 'KEY_INVALID');
    return {
      image,
      alt,
      link,
      active: draft.active,
      startsAt: startsAt ?? null,
      endsAt: endsAt ?? null,
    };
  });
  return { banners, problems: c.problems };
}

export type SlideState = 'showing' | 'scheduled' | 'ended' | 'off';

const instantOrNull = (text: string) => {
  const value = fromBangkokInput(text);
  return value === 'KEY_MISSING' || value === 'KEY_INVALID' ? null : value;
};

/** The state of a slide as the form has it now (a time not yet valid counts as none). */
export function draftState(draft: SlideDraft, now: number): SlideState {
  return slideState(
    {
      image: draft.image,
      alt: draft.alt,
      link: null,
      active: draft.active,
      startsAt: instantOrNull(draft.startsAt),
      endsAt: instantOrNull(draft.endsAt),
    },
    now,
  );
}

/** Whether a stored slide shows at `now` (the server's rule, end excluded), or why not. */
export function slideState(slide: SlideValue, now: number): SlideState {
  if (!slide.active) return 'off';
  if (slide.endsAt !== null && now >= Date.parse(slide.endsAt)) return 'ended';
  if (slide.startsAt !== null && now < Date.parse(slide.startsAt)) return 'scheduled';
  return 'showing';
}

export interface AnnouncementDraft {
  enabled: boolean;
  text: Localized;
}

/** The announcement as the request, or its problems (on: some language must say something). */
export function checkAnnouncement(draft: AnnouncementDraft): {
  value: AnnouncementDraft;
  problems: Problems;
} {
  const c = collector();
  const text = { ...draft.text };
  for (const lang of LOCALES) {
    text[lang] = draft.text[lang].trim();
    if (text[lang].length > limits.announcementChars) c.take(`text.${lang}`, 'KEY_INVALID');
  }
  if (draft.enabled && LOCALES.every((lang) => text[lang] === ''))
    for (const lang of LOCALES) c.take(`text.${lang}`, 'KEY_MISSING');
  return { value: { enabled: draft.enabled, text }, problems: c.problems };
}

/** Moves item `from` of a list by one place up (-1) or down (1). */
export function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
