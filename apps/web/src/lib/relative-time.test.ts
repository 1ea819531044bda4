import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '@/lib/relative-time';

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

  it('gives nothing for an unreadable date', () => {
    expect(formatRelativeTime('not a date', now, 'en')).toBe('');
  });
});
