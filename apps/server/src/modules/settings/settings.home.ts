// The home's promotion board (issue 26, decision 0134): the banner carousel's slides and the
// running announcement line, kept as two operator settings (`homeBanners`, `announcement`).
// The operator replaces each whole (marketing and admin); every text becomes plain text
// through the one sanitiser before it is stored, and the result is checked again by the
// contract's rules (a slide whose alternative text was only markup is refused, not stored
// without one). Members read what is on now, in their language (`homePromotions`).
import type { Announcement, HomeBanner, HomePromotions, Locale } from '@wallet/contract';
import { announcementSchema, homeBannersSchema } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import { parseInput } from '../../http/contract-route';
import type { Clock } from '../../lib/clock';
import { sanitizeLocalizedText } from '../../lib/sanitize-html';
import type { Db } from '../../db/database';
import { lastChangeOf } from '../audit';
import type { SettingChange } from './settings.operator';
import { settingTarget } from './settings.operator';
import type { SettingValue } from './settings.schemas';
import { getSetting, setSetting } from './settings.service';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type StoredBanner = SettingValue<'homeBanners'>[number];

export async function homeSettings(deps: Pick<AppDeps, 'db'>) {
  const [banners, announcement, bannersChange, announcementChange] = await Promise.all([
    getSetting(deps.db, 'homeBanners'),
    getSetting(deps.db, 'announcement'),
    lastChangeOf(deps, settingTarget('homeBanners')),
    lastChangeOf(deps, settingTarget('announcement')),
  ]);
  return {
    banners,
    announcement,
    changes: { banners: bannersChange, announcement: announcementChange },
  };
}

/** The slides in the operator's order, their alternative texts as plain text. */
export async function setHomeBanners(
  deps: Deps,
  banners: readonly HomeBanner[],
): Promise<SettingChange<{ banners: StoredBanner[] }>> {
  const clean = await Promise.all(
    banners.map(async (banner) => ({ ...banner, alt: await sanitizeLocalizedText(banner.alt) })),
  );
  const checked = parseInput(homeBannersSchema, clean);
  const before = await getSetting(deps.db, 'homeBanners');
  await setSetting(deps.db, deps.clock, 'homeBanners', checked);
  return {
    target: settingTarget('homeBanners'),
    before: { banners: before },
    after: { banners: await getSetting(deps.db, 'homeBanners') },
  };
}

/** The announcement line, its text as plain text. */
export async function setAnnouncement(
  deps: Deps,
  value: Announcement,
): Promise<SettingChange<SettingValue<'announcement'>>> {
  const clean = { ...value, text: await sanitizeLocalizedText(value.text) };
  const checked = parseInput(announcementSchema, clean);
  const before = await getSetting(deps.db, 'announcement');
  await setSetting(deps.db, deps.clock, 'announcement', checked);
  return {
    target: settingTarget('announcement'),
    before,
    after: await getSetting(deps.db, 'announcement'),
  };
}

/** Whether a slide shows at `now`: switched on, inside its window (end excluded). */
export function bannerLive(banner: StoredBanner, now: number): boolean {
  if (!banner.active) return false;
  if (banner.startsAt !== null && Date.parse(banner.startsAt) > now) return false;
  return banner.endsAt === null || now < Date.parse(banner.endsAt);
}

/**
 * What a member is shown now in `locale`: the live slides that have an image in it, and the
 * announcement when it is on and says something in it. Read from the settings cache
 * (SETTINGS_TTL_MS), so a change shows at the next answer (decision 0093).
 */
export async function homePromotions(
  db: Db,
  clock: Clock,
  locale: Locale,
): Promise<HomePromotions> {
  const [banners, announcement] = await Promise.all([
    getSetting(db, 'homeBanners'),
    getSetting(db, 'announcement'),
  ]);
  const now = clock.now().getTime();
  const text = announcement.enabled ? announcement.text[locale].trim() : '';
  return {
    banners: banners
      .filter((banner) => bannerLive(banner, now) && banner.image[locale] !== '')
      .map((banner) => ({
        image: banner.image[locale],
        alt: banner.alt[locale],
        link: banner.link,
      })),
    announcement: text === '' ? null : text,
  };
}
