import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRelativeTime, hasRelativeTimeData } from '@/lib/relative-time';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relative time', () => {
  it('reads as n units ago with the largest whole unit', () => {
    expect(formatRelativeTime(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600 + 59), now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(ago(2 * 86400), now, 'en')).toBe('2 days ago');
    expect(formatRelativeTime(ago(3), now, 'en')).toBe('now');
  });

  it('speaks Thai and Lao', () => {
    expect(formatRelativeTime(ago(5 * 60), now, 'th')).toBe('5 นาทีที่ผ่านมา');
    expect(formatRelativeTime(ago(5 * 60), now, 'lo')).toBe('5 ນາທີກ່ອນ');
  });

  it('never shows a negative age: a time ahead of the clock (skew) reads as now', () => {
    const ahead = new Date(now.getTime() + 19_000).toISOString();
    expect(formatRelativeTime(ahead, now, 'en')).toBe('now');
    expect(formatRelativeTime(new Date(now.getTime() + 3 * 3600_000), now, 'th')).toBe('ขณะนี้');
    expect(formatRelativeTime(ahead, now, 'lo')).toBe('ຕອນນີ້');
  });

  describe('on a browser whose Intl has no Lao data (issue 16)', () => {
    afterEach(() => vi.unstubAllGlobals());

    /** Intl as such a browser has it: 'lo' resolves to the root locale ("-19 s"). */
    function withoutLao() {
      const Real = Intl.RelativeTimeFormat;
      class NoLao extends Real {
        constructor(locales?: string | string[], options?: Intl.RelativeTimeFormatOptions) {
          const asked = ([] as string[]).concat(locales ?? []);
          super(
            asked.some((l) => l.startsWith('lo')) ? 'und' : locales,
            asked.some((l) => l.startsWith('lo')) ? { ...options, style: 'narrow' } : options,
          );
        }
      }
      vi.stubGlobal('Intl', { ...Intl, RelativeTimeFormat: NoLao });
    }

    it('formats Lao itself, in the same words as ICU', () => {
      withoutLao();
      expect(hasRelativeTimeData('lo')).toBe(false);
      expect(hasRelativeTimeData('en')).toBe(true);
      expect(formatRelativeTime(ago(3), now, 'lo')).toBe('ຕອນນີ້');
      expect(formatRelativeTime(ago(19), now, 'lo')).toBe('19 ວິນາທີກ່ອນ');
      expect(formatRelativeTime(ago(5 * 60), now, 'lo')).toBe('5 ນາທີກ່ອນ');
      expect(formatRelativeTime(ago(3 * 3600), now, 'lo')).toBe('3 ຊົ່ວໂມງກ່ອນ');
      expect(formatRelativeTime(ago(86400), now, 'lo')).toBe('ມື້ວານ');
      expect(formatRelativeTime(ago(3 * 86400), now, 'lo')).toBe('3 ມື້ກ່ອນ');
      expect(formatRelativeTime(ago(14 * 86400), now, 'lo')).toBe('2 ອາທິດກ່ອນ');
      expect(formatRelativeTime(ago(400 * 86400), now, 'lo')).toBe('ປີກາຍ');
      // Clock skew: never "-19 s" nor "in 19 s".
      expect(formatRelativeTime(new Date(now.getTime() + 19_000), now, 'lo')).toBe('ຕອນນີ້');
      // Other languages still use Intl.
      expect(formatRelativeTime(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    });
  });

  it('gives nothing for an unreadable date', () => {
    expect(formatRelativeTime('not a date', now, 'en')).toBe('');
  });
});
