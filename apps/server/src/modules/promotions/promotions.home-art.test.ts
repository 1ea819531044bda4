// The home carousel's stock slides (issue 26, decision 0134): lettered per language in its
// own script, self-contained. Their rasterising with the Thai and Lao fonts is in the
// integration tier, promotions.home-art.int.test.ts (issue 27).
import { describe, expect, it } from 'vitest';
import {
  drawHomeBanner,
  homeArtLettering,
  homeArtNames,
  homeArtPath,
  homeArtSources,
} from './promotions.home-art';

const SCRIPT = { th: /\p{Script=Thai}/u, la: /\p{Script=Lao}/u, en: /^[\x20-\x7e฿]+$/ } as const;

describe('home carousel stock slides (decision 0134)', () => {
  it('letters each slide in its language, with nothing fetched or run', () => {
    expect(homeArtSources.map((s) => s.stem)).toEqual(
      homeArtNames.flatMap((name) =>
        ['th', 'la', 'en'].map((lang) => `promotion-home-${name}-${lang}`),
      ),
    );
    for (const name of homeArtNames) {
      for (const lang of ['th', 'la', 'en'] as const) {
        const svg = drawHomeBanner(name, lang);
        expect(svg).toMatch(
          /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="720" height="360"/,
        );
        expect(svg).not.toMatch(/<image|href=|<script|url\((?!#)/);
        const words = homeArtLettering[name][lang];
        const drawn = (text: string) =>
          text.replace(/\u0E33/g, '\u0E4D\u0E32').replace(/\u0EB3/g, '\u0ECD\u0EB2');
        expect(svg).toContain(`>${drawn(words.title)}</text>`);
        expect(svg).toContain(`>${drawn(words.line)}</text>`);
        // The vowel AM is drawn as its two marks (resvg misplaces what follows a whole AM).
        expect(svg).not.toMatch(/[\u0E33\u0EB3]/);
        const all = Object.values(words).join(' ');
        if (lang === 'en') expect(all).toMatch(SCRIPT.en);
        else expect(all).toMatch(SCRIPT[lang]);
        // No Thai letters or signs (฿) in a Lao slide: the Lao font has none of them, and
        // they would be drawn as empty boxes.
        if (lang === 'la') expect(all).not.toMatch(/\p{Script=Thai}/u);
        // A Lao line with the vowel AM holds only Lao: resvg draws digits or Latin letters
        // set in the same line as empty boxes.
        for (const text of Object.values(words))
          if (lang === 'la' && text.includes('\u0EB3')) expect(text).not.toMatch(/[0-9A-Za-z]/);
      }
    }
    expect(homeArtPath('spin', 'la')).toBe('/api/promotions/art/home-spin-la.jpg');
  });
});
