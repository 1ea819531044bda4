import { describe, expect, it } from 'vitest';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { la } from '@/i18n/locales/la';
import { th } from '@/i18n/locales/th';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { moneyFormatter } from '@/lib/money-formatter';

// Limits and locks that tell their wait (server decisions 0050, 0120, 0121): promotion codes,
// spins, chat uploads answer 429 REQUEST_LIMIT with retryAfterSeconds.
describe('errorMessage', () => {
  it('says how long to wait when a limit tells it, in minutes rounded up, in th, la and en', () => {
    const locked = new ApiError('REQUEST_LIMIT', 429, { retryAfterSeconds: 14 * 60 + 5 });
    const minute = new ApiError('REQUEST_LIMIT', 429, { retryAfterSeconds: 42 });
    installCatalog('en', en);
    expect(errorMessage(locked)).toBe('Too many requests. Please try again in 15 minutes.');
    expect(errorMessage(minute)).toBe('Too many requests. Please try again in 1 minute.');
    installCatalog('th', th);
    expect(errorMessage(locked)).toBe('ทำรายการบ่อยเกินไป กรุณาลองใหม่ในอีก 15 นาที');
    installCatalog('la', la);
    expect(errorMessage(minute)).toBe('ເຮັດລາຍການເລື້ອຍເກີນໄປ ກະລຸນາລອງໃໝ່ໃນອີກ 1 ນາທີ');
  });

  it('keeps the catalogue text when no wait is told (a per-IP limit, a full store)', () => {
    installCatalog('en', en);
    expect(errorMessage(new ApiError('REQUEST_LIMIT_1MIN', 429))).toBe(
      en.errors.REQUEST_LIMIT_1MIN,
    );
    expect(errorMessage(new ApiError('REQUEST_LIMIT', 429))).toBe(en.errors.REQUEST_LIMIT);
    expect(errorMessage(new ApiError('NO_PROMOTION', 404, { retryAfterSeconds: 5 }))).toBe(
      en.errors.NO_PROMOTION,
    );
  });
});

// Player protection refusals (decisions 0139, 0144): what still fits and when to try again.
describe('errorMessage of a protection refusal', () => {
  it('adds what still fits and when the member can act again', () => {
    installCatalog('en', en);
    const retryAt = new Date(2026, 11, 2, 9, 5, 7).toISOString();
    expect(
      errorMessage(new ApiError('DEPOSIT_LIMIT_REACHED', 403, { remaining: 1250, retryAt })),
    ).toBe(
      `${en.errors.DEPOSIT_LIMIT_REACHED} What still fits now: 1,250.00. You can try again from 02/12/2026 09:05:07.`,
    );
    // With the member's money formatter (lib/money), the amount carries the currency sign.
    expect(
      errorMessage(
        new ApiError('LOSS_LIMIT_REACHED', 403, { remaining: 1250, retryAt: null }),
        moneyFormatter('LAK'),
      ),
    ).toBe(`${en.errors.LOSS_LIMIT_REACHED} What still fits now: ₭1,250.00.`);
    expect(
      errorMessage(
        new ApiError('DEPOSIT_LIMIT_REACHED', 403, { remaining: 0.5 }),
        moneyFormatter('BAHT'),
      ),
    ).toBe(`${en.errors.DEPOSIT_LIMIT_REACHED} What still fits now: ฿0.50.`);
    expect(errorMessage(new ApiError('TIME_OUT_ACTIVE', 403, { retryAt: null }))).toBe(
      en.errors.TIME_OUT_ACTIVE,
    );
  });
});
