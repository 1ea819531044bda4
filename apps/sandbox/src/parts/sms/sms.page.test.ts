import { describe, expect, it } from 'vitest';
import { formatAge, formatUtc, renderInbox } from './sms.page.js';
import { extractOtp } from './sms.schemas.js';

const now = new Date(Date.UTC(2026, 10, 22, 12, 0, 0));

describe('formatUtc and formatAge', () => {
  it('prints an unambiguous UTC time', () => {
    expect(formatUtc(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02 03:04:05 UTC');
  });

  it('prints a short age', () => {
    const ago = (ms: number) => formatAge(new Date(now.getTime() - ms), now);
    expect(ago(4_000)).toBe('4 s ago');
    expect(ago(125_000)).toBe('2 min ago');
    expect(ago(3 * 3600_000)).toBe('3 h ago');
    expect(ago(72 * 3600_000)).toBe('3 days ago');
    expect(ago(-5_000)).toBe('0 s ago');
  });
});

describe('extractOtp', () => {
  it('reads the code and reference of the product OTP text', () => {
    expect(extractOtp('OTP 042913 (ref QWER). รหัสของคุณ')).toEqual({ code: '042913', ref: 'QWER' });
    expect(extractOtp('OTP 042913 only')).toEqual({ code: '042913', ref: null });
    expect(extractOtp('no code here 123456')).toBeNull();
  });
});

describe('renderInbox', () => {
  it('shows the empty state for a filtered phone', () => {
    const out = renderInbox({ messages: [], total: 0, to: '0812345678', now });
    expect(out).toContain('No messages to 0812345678 yet');
    expect(out).toContain('href="/sms/messages?to=0812345678"');
  });

  it('caps the page at 200 messages and says so', () => {
    const messages = Array.from({ length: 250 }, (_, i) => ({
      id: `m${i}`,
      to: '0812345678',
      text: `t${i}`,
      createdAt: now.toISOString(),
    }));
    const out = renderInbox({ messages, total: 250, now });
    expect(out.match(/data-sms-id=/g)).toHaveLength(200);
    expect(out).toContain('Showing the newest 200');
  });
});
