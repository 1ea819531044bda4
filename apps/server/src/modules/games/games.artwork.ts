// The providers' logos and card backgrounds, drawn here as small SVG documents (no external
// references, no scripts, no text from outside the catalogue) and served under
// /static/providers/ so /api/wallet carries short paths instead of images.
import { createHash } from 'node:crypto';
import type { Motif, ProviderEntry } from './games.catalogue';
import { catalogue } from './games.catalogue';

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A motif drawn in a 64 x 64 box centred on (0, 0). */
function motif(kind: Motif, accent: string, ink: string): string {
  switch (kind) {
    case 'crown':
      return (
        `<path d="M-27 12 L-30 -16 L-14 -3 L0 -24 L14 -3 L30 -16 L27 12 Z" fill="${accent}"/>` +
        `<rect x="-27" y="15" width="54" height="9" rx="3" fill="${accent}"/>` +
        `<circle cx="0" cy="-2" r="5" fill="${ink}"/><circle cx="-16" cy="4" r="3.5" fill="${ink}"/>` +
        `<circle cx="16" cy="4" r="3.5" fill="${ink}"/>`
      );
    case 'cards':
      return (
        `<rect x="-26" y="-26" width="32" height="46" rx="5" fill="${ink}" transform="rotate(-14)"/>` +
        `<rect x="-8" y="-24" width="32" height="46" rx="5" fill="${accent}" transform="rotate(12)"/>` +
        `<path d="M8 -8 C14 -16 24 -10 20 -2 L8 10 L-4 -2 C-8 -10 2 -16 8 -8 Z" fill="${ink}" transform="rotate(12)"/>`
      );
    case 'reels':
      return (
        `<rect x="-30" y="-22" width="60" height="44" rx="8" fill="${ink}"/>` +
        [-19, 0, 19]
          .map((x) => `<rect x="${x - 8}" y="-16" width="16" height="32" rx="3" fill="${accent}"/>`)
          .join('') +
        `<text x="-19" y="7" text-anchor="middle" font-family="Arial, sans-serif" font-weight="900" font-size="18" fill="${ink}">7</text>` +
        `<circle cx="0" cy="0" r="5" fill="${ink}"/>` +
        `<rect x="13" y="-3" width="12" height="6" rx="1" fill="${ink}"/>`
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
        `<text y="17" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="48" fill="#c1121f">7</text>`
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
            `<text x="${x}" y="${Number(y) + 6}" text-anchor="middle" font-family="Arial, sans-serif" font-weight="800" font-size="16" fill="${ink}">${n}</text>`,
        )
        .join('');
  }
}

export function drawLogo(entry: ProviderEntry): string {
  const { from, to, accent, ink } = entry.art;
  const name = esc(entry.name.toUpperCase());
  const size = name.length <= 6 ? 28 : name.length <= 9 ? 22 : 18;
  const fit = name.length > 11 ? ' textLength="146" lengthAdjust="spacingAndGlyphs"' : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 96" width="240" height="96" role="img" aria-label="${esc(entry.name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect x="2" y="2" width="236" height="92" rx="22" fill="url(#g)" stroke="${accent}" stroke-width="3"/>` +
    `<g transform="translate(48 48) scale(0.95)">${motif(entry.art.motif, accent, ink)}</g>` +
    `<text x="158" y="${48 + size / 3}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="${size}" fill="${ink}"${fit}>${name}</text>` +
    `</svg>`
  );
}

/** A small deterministic sequence per code, so each card's sparkles sit differently. */
function sparkles(code: string, count: number): [number, number, number][] {
  const digest = createHash('sha256').update(code).digest();
  return Array.from({ length: count }, (_, i) => [
    10 + (digest[i * 3]! % 280),
    8 + (digest[i * 3 + 1]! % 150),
    1 + (digest[i * 3 + 2]! % 3),
  ]);
}

export function drawBackground(entry: ProviderEntry): string {
  const { from, to, accent, ink } = entry.art;
  const shape = motif(entry.art.motif, accent, ink);
  const dots = sparkles(entry.code, 9)
    .map(
      ([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${accent}" fill-opacity="0.55"/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 211" width="300" height="211">` +
    `<defs>` +
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="r" cx="0.78" cy="0.22" r="0.75"><stop offset="0" stop-color="${accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>` +
    `<pattern id="p" width="22" height="22" patternUnits="userSpaceOnUse" patternTransform="rotate(32)"><rect width="9" height="22" fill="#ffffff" fill-opacity="0.05"/></pattern>` +
    `</defs>` +
    `<rect width="300" height="211" fill="url(#b)"/>` +
    `<rect width="300" height="211" fill="url(#p)"/>` +
    `<rect width="300" height="211" fill="url(#r)"/>` +
    `<g opacity="0.22" transform="translate(236 118) scale(2.3) rotate(12)">${shape}</g>` +
    `<g opacity="0.12" transform="translate(44 46) scale(1.1) rotate(-16)">${shape}</g>` +
    dots +
    `<path d="M0 160 Q150 124 300 166 L300 211 L0 211 Z" fill="#000000" fill-opacity="0.28"/>` +
    `</svg>`
  );
}

export interface Artwork {
  body: string;
  etag: string;
}

/** Every file under /static/providers/, drawn once: `pg-logo.svg`, `pg-bg.svg`, ... */
export const artwork: ReadonlyMap<string, Artwork> = new Map(
  catalogue.flatMap((entry) => {
    const base = entry.code.toLowerCase();
    return [
      [`${base}-logo.svg`, drawLogo(entry)],
      [`${base}-bg.svg`, drawBackground(entry)],
    ].map(([file, body]) => [
      file!,
      { body: body!, etag: `"${createHash('sha256').update(body!).digest('hex').slice(0, 16)}"` },
    ]);
  }),
);
