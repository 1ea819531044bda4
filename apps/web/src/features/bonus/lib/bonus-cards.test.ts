import { describe, expect, it } from 'vitest';
import { bonusCardState, fillNotice, weightsDiffer } from '@/features/bonus/lib/bonus-cards';
import { checkPromoCode, normalizePromoCode } from '@/features/bonus/lib/promo-code';
import { bonusesFixture } from '@/features/bonus/test/bonus-fixture';

const [welcome, once, daily] = bonusesFixture();

describe('bonus card state', () => {
  it('marks the active bonus current, a reached limit received, the rest open', () => {
    const now = new Date('2024-01-05T12:00:00.000Z');
    const active = bonusesFixture({ activeCode: 'WELCOME' })[0]!;
    expect(bonusCardState(active, now)).toBe('current');
    expect(bonusCardState(welcome!, now)).toBe('open');
    expect(bonusCardState(once!, now)).toBe('received');
    expect(bonusCardState(daily!, now)).toBe('open');
  });

  it('counts a daily limit per Bangkok calendar day', () => {
    // Received 2024-01-03 12:00 Bangkok; the Bangkok day ends at 2024-01-03T17:00Z.
    expect(bonusCardState(daily!, new Date('2024-01-03T16:59:59.999Z'))).toBe('received');
    expect(bonusCardState(daily!, new Date('2024-01-03T17:00:00.000Z'))).toBe('open');
  });

  it('counts a weekly limit per Bangkok week from Monday', () => {
    const weekly = { ...daily!, type: 'week' as const };
    // 2024-01-03 is a Wednesday; the next Bangkok week starts Monday 2024-01-08 00:00 (+07).
    expect(bonusCardState(weekly, new Date('2024-01-07T16:59:59.999Z'))).toBe('received');
    expect(bonusCardState(weekly, new Date('2024-01-07T17:00:00.000Z'))).toBe('open');
  });
});

describe('notice and weights', () => {
  it('replaces every %percentFail% token', () => {
    expect(fillNotice('%percentFail%% and %percentFail%%', 30)).toBe('30% and 30%');
  });

  it('shows providers only when one counts bets differently', () => {
    expect(weightsDiffer([{ weight: 100 }, { weight: 100 }])).toBe(false);
    expect(weightsDiffer([{ weight: 100 }, { weight: 50 }])).toBe(true);
  });
});

describe('promotion code', () => {
  it('is upper case while typing, at most 32 characters', () => {
    expect(normalizePromoCode('summer24')).toBe('SUMMER24');
    expect(normalizePromoCode('a'.repeat(40))).toHaveLength(32);
  });

  it('is required and A-Z / 0-9 only', () => {
    expect(checkPromoCode('  ')).toEqual({ ok: false, problem: 'required' });
    expect(checkPromoCode('ab-1')).toEqual({ ok: false, problem: 'format' });
    expect(checkPromoCode(' summer24 ')).toEqual({ ok: true, code: 'SUMMER24' });
  });
});
