// The providers' logos and card backgrounds (decisions 0014, 0059). Each is composed here as a
// small SVG scene from the catalogue's palette and motif (original designs: no provider's
// real logo, no external references, no scripts). `scripts/build-artwork.ts` rasterises them
// at build time with resvg and the Noto Sans font files into PNG (twice the CSS size), which
// the server serves under /static/providers/; before that build the same drawings are served
// as SVG, so a checkout that skipped it still shows the design.
import { createHash } from 'node:crypto';
import { type Artwork, type ArtworkSource, artworkFileSet } from '../../lib/artwork';
import type { Motif, ProviderEntry } from './games.catalogue';
import { catalogue } from './games.catalogue';

/** CSS sizes; the build renders them at RASTER_SCALE for sharp phone screens. */
export const LOGO_SIZE = { width: 240, height: 160 } as const;
export const BACKGROUND_SIZE = { width: 300, height: 211 } as const;
export { RASTER_SCALE, rasterFile, type Artwork, type ArtworkSource } from '../../lib/artwork';
/** The lettering's font: Noto Sans (Debian fonts-noto-core) when rasterised, else the client's. */
export const ART_FONT = `'Noto Sans', 'DejaVu Sans', Arial, Helvetica, sans-serif`;

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A deterministic byte sequence per provider and purpose (layouts vary, runs do not). */
function bytes(code: string, purpose: string, count: number): number[] {
  const out: number[] = [];
  for (let block = 0; out.length < count; block += 1) {
    out.push(...createHash('sha256').update(`${code}:${purpose}:${block}`).digest());
  }
  return out.slice(0, count);
}

/** Mixes two #rrggbb colours (t = 0: a, 1: b). */
function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa
    .map((v, i) => Math.round(v + (pb[i]! - v) * t))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** A motif drawn in a 64 x 64 box centred on (0, 0). */
function motif(kind: Motif, accent: string, ink: string): string {
  switch (kind) {
    case 'crown':
      return (
        `<path d="M-27 12 L-30 -16 L-14 -3 L0 -24 L14 -3 L30 -16 L27 12 Z" fill="${accent}"/>` +
        `<rect x="-27" y="15" width="54" height="9" rx="3" fill="${accent}"/>` +
        `<circle cx="0" cy="-2" r="5" fill="${ink}"/><circle cx="-16" cy="4" r="3.5" fill="${ink}"/>` +
        `<circle cx="16" cy="4" r="3.5" fill="${ink}"/>` +
        `<circle cx="0" cy="-26" r="4" fill="${accent}"/><circle cx="-31" cy="-18" r="3.5" fill="${accent}"/>` +
        `<circle cx="31" cy="-18" r="3.5" fill="${accent}"/>`
      );
    case 'cards':
      return (
        `<rect x="-26" y="-26" width="32" height="46" rx="5" fill="${ink}" stroke="${accent}" stroke-width="1.5" transform="rotate(-14)"/>` +
        `<rect x="-8" y="-24" width="32" height="46" rx="5" fill="${accent}" transform="rotate(12)"/>` +
        `<path d="M8 -8 C14 -16 24 -10 20 -2 L8 10 L-4 -2 C-8 -10 2 -16 8 -8 Z" fill="${ink}" transform="rotate(12)"/>`
      );
    case 'reels':
      return (
        `<rect x="-30" y="-22" width="60" height="44" rx="8" fill="${ink}"/>` +
        [-19, 0, 19]
          .map((x) => `<rect x="${x - 8}" y="-16" width="16" height="32" rx="3" fill="${accent}"/>`)
          .join('') +
        `<text x="-19" y="7" text-anchor="middle" font-family="${ART_FONT}" font-weight="700" font-size="18" fill="${ink}">7</text>` +
        `<circle cx="0" cy="0" r="5" fill="${ink}"/>` +
        `<rect x="13" y="-3" width="12" height="6" rx="1" fill="${ink}"/>` +
        `<path d="M30 -12 L36 -12 L36 -26" stroke="${ink}" stroke-width="3" fill="none"/><circle cx="36" cy="-28" r="4" fill="${accent}"/>`
      );
    case 'ball':
      return (
        `<circle r="26" fill="${ink}" stroke="${accent}" stroke-width="4"/>` +
        `<path d="M0 -10 L9.5 -3 L6 8 L-6 8 L-9.5 -3 Z" fill="${accent}"/>` +
        `<path d="M0 -10 L0 -24 M9.5 -3 L22 -8 M6 8 L14 20 M-6 8 L-14 20 M-9.5 -3 L-22 -8" stroke="${accent}" stroke-width="3"/>`
      );
    case 'seven':
      // A slot machine's red seven reads on every accent colour.
      return (
        `<circle r="28" fill="${accent}" stroke="${ink}" stroke-width="2"/>` +
        `<text y="17" text-anchor="middle" font-family="${ART_FONT}" font-weight="700" font-size="48" fill="#c1121f">7</text>`
      );
    case 'diamond':
      return (
        `<path d="M-26 -8 L-14 -22 L14 -22 L26 -8 L0 26 Z" fill="${accent}"/>` +
        `<path d="M-26 -8 L26 -8 M-14 -22 L-6 -8 L0 26 L6 -8 L14 -22" stroke="${ink}" stroke-width="2.5" fill="none"/>`
      );
    case 'cherry':
      return (
        `<path d="M-10 8 Q-6 -14 10 -24 Q6 -4 12 8" stroke="${accent}" stroke-width="4" fill="none"/>` +
        `<path d="M10 -24 Q20 -26 24 -16 Q14 -14 10 -24 Z" fill="${accent}"/>` +
        `<circle cx="-12" cy="14" r="12" fill="${ink}"/><circle cx="13" cy="14" r="12" fill="${ink}"/>` +
        `<circle cx="-16" cy="10" r="3" fill="${accent}"/><circle cx="9" cy="10" r="3" fill="${accent}"/>`
      );
    case 'star':
      return `<path d="M0 -28 L8 -9 L28 -8 L12 5 L18 26 L0 14 L-18 26 L-12 5 L-28 -8 L-8 -9 Z" fill="${accent}" stroke="${ink}" stroke-width="2.5" stroke-linejoin="round"/>`;
    case 'lotto':
      return [
        [-16, 8, '1'],
        [16, 8, '9'],
        [0, -16, '6'],
      ]
        .map(
          ([x, y, n]) =>
            `<circle cx="${x}" cy="${y}" r="14" fill="${accent}" stroke="${ink}" stroke-width="3"/>` +
            `<text x="${x}" y="${Number(y) + 6}" text-anchor="middle" font-family="${ART_FONT}" font-weight="700" font-size="16" fill="${ink}">${n}</text>`,
        )
        .join('');
  }
}

type Emblem = 'circle' | 'shield' | 'hexagon' | 'diamond';
const EMBLEMS: readonly Emblem[] = ['circle', 'shield', 'hexagon', 'diamond'];

/** The emblem's outline, about 92 px wide, centred on (0, 0). */
function emblemPath(kind: Emblem): string {
  switch (kind) {
    case 'circle':
      return 'M0 -46 A46 46 0 1 1 0 46 A46 46 0 1 1 0 -46 Z';
    case 'shield':
      return 'M0 -48 L40 -34 L40 2 C40 26 22 40 0 50 C-22 40 -40 26 -40 2 L-40 -34 Z';
    case 'hexagon':
      return 'M0 -48 L42 -24 L42 24 L0 48 L-42 24 L-42 -24 Z';
    case 'diamond':
      return 'M0 -50 L48 0 L0 50 L-48 0 Z';
  }
}

/** The provider's lettering: its name split into a large first line and an optional second. */
function lettering(name: string): [string, string | null] {
  const words = name.toUpperCase().split(/\s+/);
  if (words.length === 1) return [words[0]!, null];
  return [words[0]!, words.slice(1).join(' ')];
}

/** Logo (240 x 160): a bevelled emblem with the motif above a ribbon carrying the name. */
export function drawLogo(entry: ProviderEntry): string {
  const { from, to, accent, ink } = entry.art;
  const { width, height } = LOGO_SIZE;
  const [pick] = bytes(entry.code, 'logo', 1);
  const emblem = EMBLEMS[pick! % EMBLEMS.length]!;
  const outline = emblemPath(emblem);
  const [first, second] = lettering(entry.name);
  const size = first.length <= 4 ? 34 : first.length <= 6 ? 30 : first.length <= 8 ? 25 : 21;
  const dark = mix(from, '#000000', 0.35);
  const light = mix(accent, '#ffffff', 0.55);
  const ribbonY = second ? 98 : 104;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${esc(entry.name)}">` +
    `<defs>` +
    `<linearGradient id="face" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(to, '#ffffff', 0.15)}"/><stop offset="1" stop-color="${from}"/></linearGradient>` +
    `<linearGradient id="rim" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.5" stop-color="${accent}"/><stop offset="1" stop-color="${mix(accent, '#000000', 0.35)}"/></linearGradient>` +
    `<linearGradient id="band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(to, '#000000', 0.4)}"/><stop offset="1" stop-color="${mix(from, '#000000', 0.55)}"/></linearGradient>` +
    `<linearGradient id="type" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="#ffffff"/><stop offset="1" stop-color="${light}"/></linearGradient>` +
    `<filter id="shadow" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="3" stdDeviation="3" flood-color="#000000" flood-opacity="0.55"/></filter>` +
    `</defs>` +
    `<g filter="url(#shadow)">` +
    `<g transform="translate(120 52) scale(0.9)">` +
    `<path d="${outline}" fill="url(#rim)"/>` +
    `<path d="${outline}" fill="url(#face)" transform="scale(0.86)"/>` +
    `<path d="${outline}" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="1.5" transform="scale(0.74)"/>` +
    `<g transform="scale(1.05)">${motif(entry.art.motif, accent, ink)}</g>` +
    `<ellipse cx="0" cy="-26" rx="30" ry="12" fill="#ffffff" fill-opacity="0.18"/>` +
    `</g>` +
    `<path d="M14 ${ribbonY} L30 ${ribbonY - 6} L210 ${ribbonY - 6} L226 ${ribbonY} L210 ${ribbonY + 6} L210 ${ribbonY + 44} L30 ${ribbonY + 44} L30 ${ribbonY + 6} Z" fill="url(#band)" stroke="url(#rim)" stroke-width="3" stroke-linejoin="round"/>` +
    `<text x="120" y="${ribbonY + (second ? 22 : 30)}" text-anchor="middle" font-family="${ART_FONT}" font-weight="700" font-size="${second ? Math.min(size, 24) : size}" letter-spacing="1" fill="url(#type)" stroke="${dark}" stroke-width="0.8" textLength="${Math.min(168, first.length * size * 0.72)}" lengthAdjust="spacingAndGlyphs">${esc(first)}</text>` +
    (second
      ? `<text x="120" y="${ribbonY + 38}" text-anchor="middle" font-family="${ART_FONT}" font-weight="700" font-size="13" letter-spacing="4" fill="${light}">${esc(second)}</text>`
      : '') +
    `</g>` +
    `</svg>`
  );
}

/** The card's scene behind the logo, by what the provider offers. */
function scene(entry: ProviderEntry): string {
  const { accent, ink, to } = entry.art;
  const r = bytes(entry.code, 'scene', 48);
  switch (entry.art.motif) {
    case 'ball': {
      // A stadium at night: floodlight beams, a striped pitch in perspective, its lines.
      const stripes = Array.from({ length: 8 }, (_, i) => {
        const x0 = -60 + i * 52;
        return `<path d="M${x0} 211 L${x0 + 26 + 13} 211 L${110 + i * 11 + 5} 118 L${110 + i * 11} 118 Z" fill="#ffffff" fill-opacity="${i % 2 ? 0.05 : 0.1}"/>`;
      }).join('');
      return (
        `<path d="M0 0 L70 0 L150 150 L110 150 Z" fill="url(#beam)"/>` +
        `<path d="M300 0 L230 0 L150 150 L190 150 Z" fill="url(#beam)"/>` +
        `<circle cx="22" cy="14" r="7" fill="#ffffff" fill-opacity="0.85"/><circle cx="278" cy="14" r="7" fill="#ffffff" fill-opacity="0.85"/>` +
        `<path d="M-20 211 L92 118 L208 118 L320 211 Z" fill="${mix(to, '#0b3d1c', 0.55)}"/>` +
        stripes +
        `<path d="M-20 211 L92 118 L208 118 L320 211" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="2"/>` +
        `<path d="M44 160 L256 160" stroke="#ffffff" stroke-opacity="0.6" stroke-width="2"/>` +
        `<ellipse cx="150" cy="160" rx="44" ry="11" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="2"/>` +
        `<g transform="translate(${222 + (r[0]! % 20)} 150) scale(0.9)">${motif('ball', accent, ink)}</g>`
      );
    }
    case 'cards': {
      // A casino table: felt, its rail, a fan of cards and stacks of chips.
      const chips = [0, 1, 2]
        .map((stack) => {
          const x = 40 + stack * 34 + (r[stack]! % 8);
          const height = 3 + (r[stack + 3]! % 4);
          return Array.from(
            { length: height },
            (_, i) =>
              `<ellipse cx="${x}" cy="${168 - i * 6}" rx="15" ry="5" fill="${i % 2 ? accent : ink}" stroke="${mix(accent, '#000000', 0.4)}" stroke-width="1"/>`,
          ).join('');
        })
        .join('');
      return (
        `<ellipse cx="150" cy="214" rx="230" ry="110" fill="${mix(to, '#0a3b2a', 0.5)}" stroke="${mix(accent, '#3b2200', 0.45)}" stroke-width="10"/>` +
        `<ellipse cx="150" cy="214" rx="200" ry="88" fill="none" stroke="${accent}" stroke-opacity="0.35" stroke-width="1.5" stroke-dasharray="6 6"/>` +
        [-24, -8, 8, 24]
          .map(
            (angle, i) =>
              `<g transform="translate(226 150) rotate(${angle})"><rect x="-17" y="-48" width="34" height="50" rx="4" fill="${i % 2 ? ink : mix(accent, '#ffffff', 0.4)}" stroke="${mix(accent, '#000000', 0.3)}" stroke-width="1.2"/><text x="-11" y="-32" font-family="${ART_FONT}" font-weight="700" font-size="12" fill="#c1121f">${'AKQJ'[i]}</text></g>`,
          )
          .join('') +
        chips
      );
    }
    case 'lotto': {
      // A lottery draw: the glass drum with its balls, and a ticket's number grid.
      const balls = Array.from({ length: 9 }, (_, i) => {
        const angle = (r[i]! / 255) * Math.PI * 2;
        const dist = 12 + (r[i + 9]! % 34);
        const x = Math.round(200 + Math.cos(angle) * dist);
        const y = Math.round(92 + Math.sin(angle) * dist * 0.9);
        const n = (r[i + 18]! % 49) + 1;
        const fill = i % 3 === 0 ? accent : i % 3 === 1 ? mix(accent, '#ff4d4d', 0.5) : '#ffffff';
        return (
          `<circle cx="${x}" cy="${y}" r="11" fill="${fill}" stroke="${mix(to, '#000000', 0.4)}" stroke-width="1.5"/>` +
          `<text x="${x}" y="${y + 4}" text-anchor="middle" font-family="${ART_FONT}" font-weight="700" font-size="10" fill="#2b1a00">${n}</text>`
        );
      }).join('');
      const grid = Array.from({ length: 15 }, (_, i) => {
        const x = 24 + (i % 5) * 16;
        const y = 60 + Math.floor(i / 5) * 16;
        const marked = r[i + 27]! % 3 === 0;
        return `<rect x="${x}" y="${y}" width="12" height="12" rx="2" fill="${marked ? '#c1121f' : '#ffffff'}" fill-opacity="${marked ? 0.85 : 0.25}"/>`;
      }).join('');
      return (
        `<g transform="rotate(-8 60 80)"><rect x="16" y="40" width="96" height="74" rx="6" fill="#ffffff" fill-opacity="0.14" stroke="#ffffff" stroke-opacity="0.4"/>${grid}</g>` +
        `<circle cx="200" cy="92" r="58" fill="#ffffff" fill-opacity="0.1" stroke="#ffffff" stroke-opacity="0.45" stroke-width="3"/>` +
        balls +
        `<path d="M158 52 A58 58 0 0 1 230 42" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="5" stroke-linecap="round"/>` +
        `<path d="M170 148 L230 148 L240 170 L160 170 Z" fill="${mix(accent, '#000000', 0.35)}"/>`
      );
    }
    default: {
      // A slot hall: a light burst behind the logo, and coins falling through it.
      const rays = Array.from({ length: 18 }, (_, i) => {
        const a0 = (i / 18) * Math.PI * 2;
        const a1 = a0 + Math.PI / 36;
        const p = (a: number) =>
          `${Math.round(150 + Math.cos(a) * 320)} ${Math.round(72 + Math.sin(a) * 320)}`;
        return `<path d="M150 72 L${p(a0)} L${p(a1)} Z" fill="${accent}" fill-opacity="0.1"/>`;
      }).join('');
      const coins = Array.from({ length: 7 }, (_, i) => {
        const x = 14 + (r[i * 3]! % 272);
        const y = 14 + (r[i * 3 + 1]! % 150);
        const size = 8 + (r[i * 3 + 2]! % 9);
        const tilt = 0.35 + (r[i + 24]! % 60) / 100;
        const far = i % 3 === 0;
        return (
          `<g transform="translate(${x} ${y}) rotate(${(r[i + 32]! % 80) - 40})"${far ? ' filter="url(#soft)" opacity="0.7"' : ''}>` +
          `<ellipse rx="${size}" ry="${(size * tilt).toFixed(1)}" fill="url(#coin)" stroke="${mix(accent, '#5a3a00', 0.6)}" stroke-width="1.2"/>` +
          `<ellipse rx="${(size * 0.62).toFixed(1)}" ry="${(size * tilt * 0.62).toFixed(1)}" fill="none" stroke="#fff6c8" stroke-opacity="0.8" stroke-width="1"/>` +
          `</g>`
        );
      }).join('');
      return (
        rays +
        `<g opacity="0.28" transform="translate(244 122) scale(1.9) rotate(12)">${motif(entry.art.motif, accent, ink)}</g>` +
        `<g opacity="0.16" transform="translate(44 52) scale(1.1) rotate(-16)">${motif(entry.art.motif, accent, ink)}</g>` +
        coins
      );
    }
  }
}

/** Card background (300 x 211): palette gradient, the category scene, light and a dark base. */
export function drawBackground(entry: ProviderEntry): string {
  const { from, to, accent } = entry.art;
  const { width, height } = BACKGROUND_SIZE;
  const bokeh = bytes(entry.code, 'bokeh', 27);
  const dots = Array.from({ length: 9 }, (_, i) => {
    const x = 10 + (bokeh[i * 3]! % 280);
    const y = 8 + (bokeh[i * 3 + 1]! % 150);
    const radius = 2 + (bokeh[i * 3 + 2]! % 7);
    return `<circle cx="${x}" cy="${y}" r="${radius}" fill="${accent}" fill-opacity="0.35" filter="url(#soft)"/>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<defs>` +
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.5" cy="0.34" r="0.6"><stop offset="0" stop-color="${accent}" stop-opacity="0.5"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.55"/></radialGradient>` +
    `<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>` +
    `<radialGradient id="coin" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff6c8"/><stop offset="0.45" stop-color="${mix(accent, '#ffd23f', 0.5)}"/><stop offset="1" stop-color="${mix(accent, '#7a4b00', 0.6)}"/></radialGradient>` +
    `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="1.6"/></filter>` +
    `</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#b)"/>` +
    `<rect width="${width}" height="${height}" fill="url(#glow)"/>` +
    scene(entry) +
    dots +
    `<rect width="${width}" height="${height}" fill="url(#vignette)"/>` +
    `<path d="M0 160 Q150 130 300 166 L300 211 L0 211 Z" fill="#000000" fill-opacity="0.34"/>` +
    `</svg>`
  );
}

/** Every drawing, in catalogue order: what the build rasterises. */
export const artworkSources: readonly ArtworkSource[] = catalogue.flatMap((entry) => {
  const base = entry.code.toLowerCase();
  return [
    { stem: `${base}-logo`, svg: drawLogo(entry), ...LOGO_SIZE, opaque: false },
    { stem: `${base}-bg`, svg: drawBackground(entry), ...BACKGROUND_SIZE, opaque: true },
  ];
});

/**
 * The files under /static/providers/ by name. The raster name (`pg-logo.png`, `pg-bg.jpg`,
 * what /api/wallet links) is the built file when `rasters` has it, else the drawing itself
 * (SVG under that name: browsers go by the content type); `<stem>.svg` is always the drawing
 * (links cached from before the rasters).
 */
export function artworkFiles(rasters: ReadonlyMap<string, Buffer>): Map<string, Artwork> {
  return artworkFileSet(artworkSources, rasters);
}
