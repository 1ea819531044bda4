// The promotion banners (decision 0077): decorative scenes drawn in code as SVG (gift boxes,
// coins, a wheel, ribbons), no lettering (the web lays the translated words over them), no
// external references. `scripts/build-artwork.ts` rasterises them at build time through the
// shared pipeline (lib/artwork.ts) into ARTWORK_DIR as `promotion-<name>.jpg`; the server
// serves them at /api/promotions/art/<name>.jpg (promotions.art.routes.ts).
import { createHash } from 'node:crypto';
import type { ArtworkSource } from '../../lib/artwork';

/** CSS size of a banner; rendered at 1x (already twice a 360 px phone's banner width). */
export const BANNER_SIZE = { width: 720, height: 360 } as const;

export const promotionArtNames = [
  'bonus-welcome',
  'bonus-daily',
  'bonus-weekly',
  'promo-code',
  'invite',
  'refund',
  'spin',
] as const;
export type PromotionArtName = (typeof promotionArtNames)[number];

interface Palette {
  /** Background gradient, top left to bottom right. */
  from: string;
  to: string;
  /** The glow behind the hero. */
  glow: string;
  /** Main and second colour of the hero. */
  main: string;
  second: string;
}

const palettes: Record<PromotionArtName, Palette> = {
  'bonus-welcome': {
    from: '#3a0ca3',
    to: '#b5179e',
    glow: '#ffd166',
    main: '#ef233c',
    second: '#ffd166',
  },
  'bonus-daily': {
    from: '#0b6e99',
    to: '#ff9f1c',
    glow: '#ffe8a3',
    main: '#ffbf00',
    second: '#ff6b35',
  },
  'bonus-weekly': {
    from: '#14213d',
    to: '#7b2cbf',
    glow: '#fca311',
    main: '#8d5524',
    second: '#fca311',
  },
  'promo-code': {
    from: '#006d77',
    to: '#2a9d8f',
    glow: '#e9f5db',
    main: '#ffb703',
    second: '#fb8500',
  },
  invite: { from: '#023e8a', to: '#00b4d8', glow: '#caf0f8', main: '#ffffff', second: '#ff477e' },
  refund: { from: '#1b4332', to: '#52b788', glow: '#d8f3dc', main: '#ffd60a', second: '#ffffff' },
  spin: { from: '#9d0208', to: '#f48c06', glow: '#ffe066', main: '#ffba08', second: '#370617' },
};

/** A deterministic byte sequence per banner and purpose (layouts vary, runs do not). */
function bytes(name: string, purpose: string, count: number): number[] {
  const out: number[] = [];
  for (let block = 0; out.length < count; block += 1) {
    out.push(...createHash('sha256').update(`${name}:${purpose}:${block}`).digest());
  }
  return out.slice(0, count);
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** A gold coin with a rim and a star, centred on (x, y). */
function coin(x: number, y: number, r: number, tilt = 0): string {
  const star = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r * 0.5 : r * 0.22;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${r1(radius * Math.cos(angle))},${r1(radius * Math.sin(angle))}`;
  }).join(' ');
  return (
    `<g transform="translate(${x} ${y}) rotate(${tilt}) scale(1 0.92)">` +
    `<circle r="${r}" cy="${r1(r * 0.12)}" fill="#a86b00"/>` +
    `<circle r="${r}" fill="url(#coin)"/>` +
    `<circle r="${r1(r * 0.78)}" fill="none" stroke="#fff3b0" stroke-opacity="0.7" stroke-width="${r1(r * 0.08)}"/>` +
    `<polygon points="${star}" fill="#fff3b0" fill-opacity="0.85"/>` +
    `</g>`
  );
}

/** A four-pointed sparkle. */
function sparkle(x: number, y: number, s: number, colour = '#ffffff'): string {
  return (
    `<path transform="translate(${x} ${y})" d="M0 ${-s} Q${r1(s * 0.15)} ${r1(-s * 0.15)} ${s} 0 ` +
    `Q${r1(s * 0.15)} ${r1(s * 0.15)} 0 ${s} Q${r1(-s * 0.15)} ${r1(s * 0.15)} ${-s} 0 ` +
    `Q${r1(-s * 0.15)} ${r1(-s * 0.15)} 0 ${-s} Z" fill="${colour}"/>`
  );
}

/** A gift box with a ribbon and a bow, its base centred on (x, y). */
function giftBox(x: number, y: number, w: number, h: number, box: string, ribbon: string): string {
  const lid = h * 0.24;
  const band = w * 0.16;
  return (
    `<g transform="translate(${x - w / 2} ${y - h})">` +
    `<ellipse cx="${w / 2}" cy="${h + 6}" rx="${r1(w * 0.55)}" ry="10" fill="#000" fill-opacity="0.25"/>` +
    `<rect y="${lid}" width="${w}" height="${h - lid}" rx="6" fill="${box}"/>` +
    `<rect y="${lid}" width="${w}" height="${h - lid}" rx="6" fill="url(#shade)"/>` +
    `<rect x="-8" width="${w + 16}" height="${lid}" rx="6" fill="${box}"/>` +
    `<rect x="-8" width="${w + 16}" height="${lid}" rx="6" fill="#fff" fill-opacity="0.16"/>` +
    `<rect x="${(w - band) / 2}" width="${band}" height="${h}" fill="${ribbon}"/>` +
    `<path d="M${w / 2} 0 C${r1(w * 0.2)} ${r1(-h * 0.45)} ${r1(-w * 0.05)} ${r1(-h * 0.05)} ${w / 2} 0 Z` +
    ` M${w / 2} 0 C${r1(w * 0.8)} ${r1(-h * 0.45)} ${r1(w * 1.05)} ${r1(-h * 0.05)} ${w / 2} 0 Z"` +
    ` fill="${ribbon}" stroke="${ribbon}" stroke-width="10" stroke-linejoin="round"/>` +
    `<circle cx="${w / 2}" cy="0" r="${r1(band * 0.55)}" fill="${ribbon}"/>` +
    `<circle cx="${w / 2}" cy="0" r="${r1(band * 0.55)}" fill="#fff" fill-opacity="0.2"/>` +
    `</g>`
  );
}

/** A sun with rays behind the hero (the daily bonus). */
function sun(x: number, y: number, r: number, colour: string): string {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * 30 * Math.PI) / 180;
    const p = (d: number, da: number) =>
      `${r1(x + d * Math.cos(a + da))},${r1(y + d * Math.sin(a + da))}`;
    return `<polygon points="${p(r * 1.15, -0.12)} ${p(r * 1.7, 0)} ${p(r * 1.15, 0.12)}" fill="${colour}"/>`;
  }).join('');
  return `${rays}<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>`;
}

/** A treasure chest spilling coins (the weekly bonus). */
function chest(x: number, y: number, p: Palette): string {
  return (
    `<g transform="translate(${x - 120} ${y - 170})">` +
    `<ellipse cx="120" cy="176" rx="140" ry="14" fill="#000" fill-opacity="0.28"/>` +
    `<path d="M10 40 Q120 -30 230 40 L230 70 L10 70 Z" fill="${p.main}"/>` +
    `<path d="M10 40 Q120 -30 230 40" fill="none" stroke="${p.second}" stroke-width="10"/>` +
    `<rect x="10" y="70" width="220" height="100" rx="8" fill="${p.main}"/>` +
    `<rect x="10" y="70" width="220" height="100" rx="8" fill="url(#shade)"/>` +
    `<rect x="10" y="64" width="220" height="14" fill="${p.second}"/>` +
    [40, 200]
      .map((bx) => `<rect x="${bx - 8}" y="0" width="16" height="170" fill="${p.second}"/>`)
      .join('') +
    `<rect x="102" y="80" width="36" height="44" rx="6" fill="${p.second}"/>` +
    `<circle cx="120" cy="98" r="7" fill="${p.main}"/>` +
    `</g>` +
    coin(x - 70, y - 200, 26, -12) +
    coin(x + 10, y - 225, 30, 8) +
    coin(x + 85, y - 195, 24, 20) +
    coin(x - 150, y - 12, 22, -20) +
    coin(x + 150, y - 14, 26, 14)
  );
}

/** A coupon with notches and a perforation (the promotion code). */
function ticket(x: number, y: number, p: Palette): string {
  const w = 300;
  const h = 150;
  const holes = Array.from(
    { length: 7 },
    (_, i) => `<circle cx="${w * 0.68}" cy="${18 + i * 19}" r="4" fill="${p.from}"/>`,
  ).join('');
  return (
    `<g transform="translate(${x - w / 2} ${y - h / 2}) rotate(-8 ${w / 2} ${h / 2})">` +
    `<rect x="6" y="12" width="${w}" height="${h}" rx="16" fill="#000" fill-opacity="0.25"/>` +
    `<path d="M16 0 H${w - 16} Q${w} 0 ${w} 16 V${h / 2 - 18} A18 18 0 0 0 ${w} ${h / 2 + 18}` +
    ` V${h - 16} Q${w} ${h} ${w - 16} ${h} H16 Q0 ${h} 0 ${h - 16} V${h / 2 + 18}` +
    ` A18 18 0 0 0 0 ${h / 2 - 18} V16 Q0 0 16 0 Z" fill="${p.main}"/>` +
    `<rect x="18" y="18" width="${w * 0.68 - 36}" height="${h - 36}" rx="10" fill="none" stroke="${p.second}" stroke-width="4" stroke-dasharray="10 8"/>` +
    holes +
    sparkle(w * 0.34, h / 2, 34, p.second) +
    `<circle cx="${w * 0.84}" cy="${h / 2}" r="26" fill="${p.second}"/>` +
    `<path d="M${w * 0.84 - 12} ${h / 2 + 12} L${w * 0.84 + 12} ${h / 2 - 12}" stroke="${p.main}" stroke-width="6" stroke-linecap="round"/>` +
    `<circle cx="${w * 0.84 - 9}" cy="${h / 2 - 9}" r="5" fill="${p.main}"/>` +
    `<circle cx="${w * 0.84 + 9}" cy="${h / 2 + 9}" r="5" fill="${p.main}"/>` +
    `</g>`
  );
}

/** An envelope with a heart and a paper plane (inviting friends). */
function envelope(x: number, y: number, p: Palette): string {
  const w = 250;
  const h = 170;
  return (
    `<g transform="translate(${x - w / 2} ${y - h / 2})">` +
    `<rect x="8" y="14" width="${w}" height="${h}" rx="14" fill="#000" fill-opacity="0.22"/>` +
    `<rect width="${w}" height="${h}" rx="14" fill="${p.main}"/>` +
    `<path d="M0 14 L${w / 2} ${h * 0.58} L${w} 14" fill="none" stroke="#90e0ef" stroke-width="8" stroke-linejoin="round"/>` +
    `<path d="M0 ${h - 10} L${w * 0.4} ${h * 0.5} M${w} ${h - 10} L${w * 0.6} ${h * 0.5}" stroke="#caf0f8" stroke-width="6"/>` +
    `<path transform="translate(${w / 2} ${h * 0.2}) scale(1.4)" d="M0 8 C-4 -2 -18 -2 -18 10 C-18 20 -6 26 0 32 C6 26 18 20 18 10 C18 -2 4 -2 0 8 Z" fill="${p.second}"/>` +
    `</g>` +
    `<g transform="translate(${x + 200} ${y - 140}) rotate(-18)">` +
    `<path d="M-50 0 L50 -30 L10 30 Z" fill="#ffffff"/>` +
    `<path d="M-50 0 L50 -30 L0 10 Z" fill="#caf0f8"/>` +
    `<path d="M0 10 L10 30 L14 4 Z" fill="#90e0ef"/>` +
    `</g>` +
    `<path d="M${x + 150} ${y - 128} q-60 -20 -110 -40 t-150 -10" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="4" stroke-dasharray="4 12" stroke-linecap="round"/>`
  );
}

/** A coin inside a circling arrow (cashback). */
function cashback(x: number, y: number, p: Palette): string {
  const r = 120;
  return (
    `<g transform="translate(${x} ${y})">` +
    `<circle r="${r}" fill="none" stroke="${p.second}" stroke-opacity="0.25" stroke-width="28"/>` +
    `<path d="M${r} 0 A${r} ${r} 0 1 1 ${r1(r * Math.cos(-0.6))} ${r1(r * Math.sin(-0.6))}" fill="none" stroke="${p.second}" stroke-width="20" stroke-linecap="round"/>` +
    `<polygon points="${r1(r * Math.cos(-0.6) + 6)},${r1(r * Math.sin(-0.6) - 40)} ${r1(r * Math.cos(-0.6) + 40)},${r1(r * Math.sin(-0.6) + 22)} ${r1(r * Math.cos(-0.6) - 30)},${r1(r * Math.sin(-0.6) + 14)}" fill="${p.second}"/>` +
    `</g>` +
    coin(x, y, 72) +
    coin(x - 150, y + 95, 26, -15) +
    coin(x + 160, y + 90, 22, 18)
  );
}

/** A prize wheel with its pointer (the spin wheel). */
function wheel(x: number, y: number, p: Palette): string {
  const r = 118;
  const colours = [
    '#ffba08',
    '#d00000',
    '#faa307',
    '#6a040f',
    '#ffd166',
    '#9d0208',
    '#f48c06',
    '#370617',
  ];
  const slices = colours
    .map((colour, i) => {
      const a0 = (i * Math.PI) / 4;
      const a1 = ((i + 1) * Math.PI) / 4;
      const at = (a: number) => `${r1(r * Math.cos(a))} ${r1(r * Math.sin(a))}`;
      return `<path d="M0 0 L${at(a0)} A${r} ${r} 0 0 1 ${at(a1)} Z" fill="${colour}"/>`;
    })
    .join('');
  const bulbs = Array.from({ length: 16 }, (_, i) => {
    const a = (i * Math.PI) / 8;
    return `<circle cx="${r1((r + 14) * Math.cos(a))}" cy="${r1((r + 14) * Math.sin(a))}" r="5" fill="${i % 2 ? '#ffffff' : p.main}"/>`;
  }).join('');
  return (
    `<ellipse cx="${x}" cy="${y + r + 30}" rx="${r}" ry="14" fill="#000" fill-opacity="0.28"/>` +
    `<g transform="translate(${x} ${y})">` +
    `<circle r="${r + 26}" fill="${p.second}"/>` +
    `<g transform="rotate(12)">${slices}</g>` +
    bulbs +
    `<circle r="30" fill="${p.main}" stroke="${p.second}" stroke-width="6"/>` +
    `<circle r="10" fill="#ffffff"/>` +
    `<path d="M0 ${-r - 44} L-20 ${-r - 2} L0 ${-r + 22} L20 ${-r - 2} Z" fill="#ffffff" stroke="${p.second}" stroke-width="4"/>` +
    `</g>`
  );
}

function hero(name: PromotionArtName, p: Palette): string {
  const x = 510;
  switch (name) {
    case 'bonus-welcome':
      return (
        giftBox(x - 10, 300, 190, 170, p.main, p.second) +
        giftBox(x + 140, 310, 96, 96, '#7209b7', '#4cc9f0') +
        giftBox(x - 160, 312, 96, 84, '#4cc9f0', '#ffffff') +
        coin(x - 110, 120, 24, -15) +
        coin(x + 120, 110, 30, 12)
      );
    case 'bonus-daily':
      return (
        sun(x + 40, 150, 70, p.glow) +
        giftBox(x, 320, 170, 150, '#ff6b35', '#ffffff') +
        coin(x - 140, 290, 30, -10) +
        coin(x + 145, 295, 26, 16)
      );
    case 'bonus-weekly':
      return chest(x, 330, p);
    case 'promo-code':
      return ticket(x, 180, p) + coin(x - 160, 300, 24, -10) + coin(x + 170, 70, 22, 12);
    case 'invite':
      return envelope(x - 40, 215, p);
    case 'refund':
      return cashback(x, 180, p);
    case 'spin':
      return wheel(x, 192, p);
  }
}

/** The banner of `name`: background, light rays, bokeh, confetti, the hero and a ribbon. */
export function drawBanner(name: PromotionArtName): string {
  const p = palettes[name];
  const { width, height } = BANNER_SIZE;
  const b = bytes(name, 'layout', 96);
  const confettiColours = [p.glow, p.main, p.second, '#ffffff'];
  const confetti = Array.from({ length: 22 }, (_, i) => {
    const x = r1((b[i]! / 255) * width);
    const y = r1((b[i + 24]! / 255) * height);
    const turn = Math.round((b[i + 48]! / 255) * 180);
    const colour = confettiColours[i % confettiColours.length];
    return i % 3 === 0
      ? `<circle cx="${x}" cy="${y}" r="${3 + (b[i + 72]! % 4)}" fill="${colour}" fill-opacity="0.8"/>`
      : `<rect x="${x}" y="${y}" width="${6 + (b[i + 72]! % 6)}" height="4" rx="1" fill="${colour}" fill-opacity="0.85" transform="rotate(${turn} ${x} ${y})"/>`;
  }).join('');
  const bokeh = Array.from({ length: 9 }, (_, i) => {
    const x = r1(((b[i + 10]! + 40) / 300) * width);
    const y = r1((b[i + 40]! / 255) * height);
    return `<circle cx="${x}" cy="${y}" r="${14 + (b[i + 60]! % 30)}" fill="#ffffff" fill-opacity="0.08"/>`;
  }).join('');
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a0 = (i * 30 * Math.PI) / 180;
    const a1 = a0 + (12 * Math.PI) / 180;
    const far = 900;
    return `<polygon points="510,180 ${r1(510 + far * Math.cos(a0))},${r1(180 + far * Math.sin(a0))} ${r1(510 + far * Math.cos(a1))},${r1(180 + far * Math.sin(a1))}" fill="#ffffff" fill-opacity="0.06"/>`;
  }).join('');
  const sparkles = [
    sparkle(r1(80 + (b[90]! % 120)), r1(60 + (b[91]! % 60)), 14),
    sparkle(r1(300 + (b[92]! % 60)), r1(40 + (b[93]! % 40)), 10),
    sparkle(r1(660 + (b[94]! % 30)), r1(280 + (b[95]! % 50)), 12),
  ].join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.71" cy="0.5" r="0.45"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="coin" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffe066"/><stop offset="0.55" stop-color="#f5b700"/><stop offset="1" stop-color="#d08c00"/></linearGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.2"/></linearGradient>` +
    `<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity="0.28"/><stop offset="0.5" stop-color="#000000" stop-opacity="0"/></linearGradient>` +
    `</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    rays +
    `<rect width="${width}" height="${height}" fill="url(#glow)"/>` +
    bokeh +
    // The left side stays calm (a darker fade) for the words the web lays over it.
    `<rect width="${width}" height="${height}" fill="url(#fade)"/>` +
    `<path d="M0 300 Q180 270 360 305 T720 300 L720 360 L0 360 Z" fill="#000000" fill-opacity="0.18"/>` +
    confetti +
    sparkles +
    hero(name, p) +
    `</svg>`
  );
}

/** The banners' build manifest (they share ARTWORK_DIR with the provider artwork). */
export const PROMOTION_ART_MANIFEST = 'promotions.manifest.json';

/**
 * Every banner, as a source of the shared raster pipeline. Full-bleed pictures: JPEG (mozjpeg),
 * about a twelfth of the PNG's bytes on a member's phone.
 */
export const promotionArtSources: readonly ArtworkSource[] = promotionArtNames.map((name) => ({
  stem: `promotion-${name}`,
  svg: drawBanner(name),
  ...BANNER_SIZE,
  opaque: true,
  scale: 1,
}));
