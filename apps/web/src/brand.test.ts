import { describe, expect, it } from 'vitest';
import { brandFiles, logoSvg } from '../brand/logo';

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('app logo (decision 0059)', () => {
  it('is one self-contained SVG mark, no longer the generic wallet outline', () => {
    const svg = logoSvg();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    expect(svg.match(/https?:\/\//g)).toEqual(['http://']);
    expect(svg).not.toMatch(/<script|href=|on\w+=|<text/i);
    // The old favicon was a stroked wallet outline on a flat tile.
    expect(svg).not.toContain('M14 22h34v26H14z');
    expect(svg).toContain('radialGradient');
  });

  it('emits favicon.svg and PNG icons rendered from it, the same bytes every build', () => {
    const files = brandFiles();
    expect([...files.keys()]).toEqual([
      'favicon.svg',
      'brand/apple-touch-icon.png',
      'brand/icon-192.png',
      'brand/icon-512.png',
    ]);
    expect(files.get('favicon.svg')!.body.toString()).toBe(logoSvg());
    for (const [name, size] of [
      ['brand/apple-touch-icon.png', 180],
      ['brand/icon-192.png', 192],
      ['brand/icon-512.png', 512],
    ] as const) {
      const png = files.get(name)!.body;
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(pngSize(png)).toEqual({ width: size, height: size });
    }
    expect(
      brandFiles().get('brand/icon-192.png')!.body.equals(files.get('brand/icon-192.png')!.body),
    ).toBe(true);
  });
});
