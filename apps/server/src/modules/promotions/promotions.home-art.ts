// The home carousel's stock slides (issue 26, decision 0134): the demo's three promotions
// (welcome bonus, spin wheel, cashback) as lettered banners, one per language, drawn over the
// promotion scenes of decision 0077 (promotions.artwork.ts). Thai wallet sites letter their
// banners; here the words are the catalogue's, set in Noto Sans Thai / Lao / Latin from
// Debian's fonts-noto-core, rasterised at build time like every drawing (lib/artwork.ts) and
// served at /api/promotions/art/home-<name>-<lang>.jpg.
import type { Locale } from '@wallet/contract';
import { ART_FONT_FILES, type ArtworkSource } from '../../lib/artwork';
import { BANNER_SIZE, drawBanner, type PromotionArtName } from './promotions.artwork';

const NOTO = '/usr/share/fonts/truetype/noto';
/** The lettering's fonts: Latin (the shared pair), Thai and Lao, bold and regular. */
export const HOME_ART_FONT_FILES = [
  ...ART_FONT_FILES,
  `${NOTO}/NotoSansThai-Bold.ttf`,
  `${NOTO}/NotoSansThai-Regular.ttf`,
  `${NOTO}/NotoSansLao-Bold.ttf`,
  `${NOTO}/NotoSansLao-Regular.ttf`,
];
export const HOME_ART_MANIFEST = 'home-banners.manifest.json';

export const homeArtNames = ['welcome', 'spin', 'cashback'] as const;
export type HomeArtName = (typeof homeArtNames)[number];

interface Lettering {
  /** A small label in a pill above the title. */
  kicker: string;
  title: string;
  /** A large figure under the title (gold), if any. */
  figure?: string;
  line: string;
  /** The button-like label of a slide that links somewhere. */
  action?: string;
}

const scenes: Record<HomeArtName, PromotionArtName> = {
  welcome: 'bonus-welcome',
  spin: 'spin',
  cashback: 'refund',
};

/**
 * The words of each stock slide (the demo's promotions: seed.ts). Two limits of the
 * renderer (resvg) shape them: Lao lines name the baht in Lao (ບາດ), not with the Thai sign
 * ฿, which the Lao font lacks; and a Lao line with the vowel AM (ຳ) holds no digits or
 * Latin letters, which resvg then draws as empty boxes (promotions.home-art.test.ts).
 */
export const homeArtLettering: Record<HomeArtName, Record<Locale, Lettering>> = {
  welcome: {
    th: {
      kicker: 'สมาชิกใหม่',
      title: 'โบนัสต้อนรับ',
      figure: '100%',
      line: 'ฝากครั้งแรก รับเพิ่มสูงสุด ฿500',
      action: 'รับโบนัส',
    },
    la: {
      kicker: 'ສະມາຊິກໃໝ່',
      title: 'ໂບນັດຕ້ອນຮັບ',
      figure: '100%',
      line: 'ຝາກເງິນ ຮັບເພີ່ມສູງສຸດ 500 ບາດ',
      action: 'ຮັບໂບນັດ',
    },
    en: {
      kicker: 'NEW MEMBERS',
      title: 'Welcome bonus',
      figure: '100%',
      line: 'First deposit: up to ฿500 extra',
      action: 'Get the bonus',
    },
  },
  spin: {
    th: {
      kicker: 'ลุ้นทุกวัน',
      title: 'หมุนวงล้อนำโชค',
      line: 'ฝากทุก ฿100 รับ 1 เหรียญหมุน',
      action: 'หมุนเลย',
    },
    la: {
      kicker: 'ລຸ້ນທຸກມື້',
      title: 'ໝຸນວົງລໍ້ນຳໂຊກ',
      line: 'ຝາກທຸກ 100 ບາດ ຮັບ 1 ຫຼຽນໝຸນ',
      action: 'ໝຸນເລີຍ',
    },
    en: {
      kicker: 'EVERY DAY',
      title: 'Spin the wheel',
      line: '1 spin coin for every ฿100 deposited',
      action: 'Spin now',
    },
  },
  cashback: {
    th: { kicker: 'ทุกสัปดาห์', title: 'คืนยอดเสีย', figure: '5%', line: 'รับคืนทุกวันจันทร์ ภายใน 7 วัน' },
    la: { kicker: 'ທຸກອາທິດ', title: 'ຄືນຍອດເສຍ', figure: '5%', line: 'ຮັບຄືນທຸກວັນຈັນ ພາຍໃນ 7 ວັນ' },
    en: {
      kicker: 'EVERY WEEK',
      title: 'Cashback',
      figure: '5%',
      line: 'Claim it from Monday, for 7 days',
    },
  },
};

const FAMILY: Record<Locale, string> = {
  th: "'Noto Sans Thai', 'Noto Sans'",
  la: "'Noto Sans Lao', 'Noto Sans Thai', 'Noto Sans'",
  en: "'Noto Sans', 'Noto Sans Thai'",
};

/**
 * `text` for the SVG: XML-escaped, and the vowel AM (Thai ำ, Lao ຳ) written as the two marks
 * it is drawn with (nikhahit and aa), as the shaper draws it anyway: resvg set the letters
 * after a precomposed AM over it.
 */
const escapeXml = (text: string) =>
  text
    .replace(/\u0E33/g, '\u0E4D\u0E32')
    .replace(/\u0EB3/g, '\u0ECD\u0EB2')
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * About how wide a line sets, in ems, for choosing its size: a space about 0.3, any other
 * letter 0.6; Thai and Lao marks above and below take no width.
 */
const advance = (text: string) =>
  [...text.replace(/\p{M}/gu, '')].reduce((sum, c) => sum + (c === ' ' ? 0.3 : 0.6), 0);

/** The largest size up to `max` at which `text` fits `width`. */
const fit = (text: string, max: number, width: number) =>
  Math.round(Math.min(max, width / advance(text)));

/** `text` with a soft shadow, for light lettering over the picture. */
function words(text: string, x: number, y: number, size: number, fill: string, family: string) {
  const common = `x="${x}" font-family="${family}" font-size="${size}" font-weight="700"`;
  return (
    `<text ${common} y="${y + 3}" fill="#000000" fill-opacity="0.45">${escapeXml(text)}</text>` +
    `<text ${common} y="${y}" fill="${fill}">${escapeXml(text)}</text>`
  );
}

/** The slide `name` in `locale`: the scene with its words on the calm left side. */
export function drawHomeBanner(name: HomeArtName, locale: Locale): string {
  const l = homeArtLettering[name][locale];
  const family = FAMILY[locale];
  const x = 36;
  const room = 340;
  const kickerSize = fit(l.kicker, 22, room - 40);
  const kickerWidth = Math.round(advance(l.kicker) * kickerSize + 32);
  const titleSize = fit(l.title, l.figure ? 50 : 58, room - 20);
  const lineSize = fit(l.line, 24, room - 30);
  let y = 52 + kickerSize;
  let svg =
    `<rect x="${x}" y="40" width="${kickerWidth}" height="${kickerSize + 22}" rx="${(kickerSize + 22) / 2}" fill="#000000" fill-opacity="0.35"/>` +
    `<text x="${x + 16}" y="${y}" font-family="${family}" font-size="${kickerSize}" font-weight="700" fill="#ffe066">${escapeXml(l.kicker)}</text>`;
  y += 26 + titleSize;
  svg += words(l.title, x, y, titleSize, '#ffffff', family);
  if (l.figure) {
    y += 78;
    svg += words(l.figure, x, y, 84, '#ffd23f', family);
  } else {
    y += 14;
  }
  y += 14 + lineSize;
  svg += words(l.line, x, y, lineSize, '#ffffff', family);
  if (l.action) {
    const size = fit(l.action, 22, 220);
    const width = Math.round(advance(l.action) * size + 48);
    const top = Math.min(y + 20, 300);
    svg +=
      `<rect x="${x}" y="${top}" width="${width}" height="${size + 22}" rx="${(size + 22) / 2}" fill="#ffd23f"/>` +
      `<text x="${x + 24}" y="${top + size + 5}" font-family="${family}" font-size="${size}" font-weight="700" fill="#2b1900">${escapeXml(l.action)}</text>`;
  }
  // A darker band behind the words, over the scene's own fade.
  const band =
    `<defs><linearGradient id="words" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="#000000" stop-opacity="0.45"/><stop offset="0.55" stop-color="#000000" stop-opacity="0"/>` +
    `</linearGradient></defs><rect width="${BANNER_SIZE.width}" height="${BANNER_SIZE.height}" fill="url(#words)"/>`;
  return drawBanner(scenes[name]).replace(/<\/svg>$/, `${band}${svg}</svg>`);
}

/** The URL path of a stock slide's picture in `locale` (what the seed and the console use). */
export const homeArtPath = (name: HomeArtName, locale: Locale) =>
  `/api/promotions/art/home-${name}-${locale}.jpg`;

/** Every stock slide in every language, as sources of the shared raster pipeline. */
export const homeArtSources: readonly ArtworkSource[] = homeArtNames.flatMap((name) =>
  (['th', 'la', 'en'] as const).map((locale) => ({
    stem: `promotion-home-${name}-${locale}`,
    svg: drawHomeBanner(name, locale),
    ...BANNER_SIZE,
    opaque: true,
    scale: 1,
  })),
);
