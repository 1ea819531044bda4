import { describe, expect, it } from 'vitest';
import { lifetimeMinutes, qrImageSource } from '@/features/deposit/lib/qr-image';

describe('QR image', () => {
  it('turns SVG markup into a data URL for an <img>', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>';
    const src = qrImageSource(`\n${svg}`);
    expect(src?.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(src!.split(',')[1]!)).toBe(svg);
    expect(qrImageSource(`<?xml version="1.0"?>\n${svg}`)).not.toBeNull();
  });

  it('refuses anything that is not SVG markup', () => {
    expect(qrImageSource(null)).toBeNull();
    expect(qrImageSource('')).toBeNull();
    expect(qrImageSource('<img src=x onerror=alert(1)>')).toBeNull();
    expect(qrImageSource('javascript:alert(1)')).toBeNull();
    expect(qrImageSource('<svgx>')).toBeNull();
  });

  it('states the lifetime in whole minutes', () => {
    expect(lifetimeMinutes(600)).toBe(10);
    expect(lifetimeMinutes(599)).toBe(10);
    expect(lifetimeMinutes(30)).toBe(1);
  });
});
