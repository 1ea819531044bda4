// Answers for the bonus page tests: three bonuses (one open with two banners and rate terms,
// one whose total receive limit is reached, one with a daily limit not yet reached) and a
// turnover answer with two open grants.
import type { BonusItem } from '@/features/bonus/api/get-bonuses';

const weights = { slot: 100, sport: 50, lotto: 0 };

export function bonusesFixture(overrides: { activeCode?: string } = {}): BonusItem[] {
  const items: BonusItem[] = [
    {
      code: 'WELCOME',
      type: 'limit',
      maxReceived: 1,
      percentFail: 30,
      name: 'Welcome 100%',
      banners: [
        { image: '/static/bonus/welcome-1.png', html: '<p>Double your first deposit</p>' },
        { image: '/static/bonus/welcome-2.png', html: '<p>Up to 500 baht</p>' },
      ],
      userBonus: null,
      terms: {
        credit: { kind: 'rate', percent: 100, cap: 500 },
        minDeposit: 100,
        turnoverMultiple: 3,
        weights,
        percentFail: 30,
      },
    },
    {
      code: 'ONCE',
      type: 'limit',
      maxReceived: 1,
      percentFail: 20,
      name: 'One-time 50',
      banners: [{ image: '/static/bonus/once.png', html: '' }],
      userBonus: {
        _id: 'ub-1',
        isActive: false,
        received: [{ updatedAt: '2024-01-03T05:00:00.000Z' }],
      },
      terms: {
        credit: { kind: 'fixed', amount: 50 },
        minDeposit: 0,
        turnoverMultiple: 1,
        weights,
        percentFail: 20,
      },
    },
    {
      code: 'DAILY',
      type: 'day',
      maxReceived: 1,
      percentFail: 10,
      name: 'Daily 10%',
      banners: [{ image: '/static/bonus/daily.png', html: '' }],
      // Received on an earlier Bangkok day: it can be received again today.
      userBonus: {
        _id: 'ub-2',
        isActive: false,
        received: [{ updatedAt: '2024-01-03T05:00:00.000Z' }],
      },
      terms: {
        credit: { kind: 'rate', percent: 10, cap: 200 },
        minDeposit: 100,
        turnoverMultiple: 2,
        weights,
        percentFail: 10,
      },
    },
  ];
  return items.map((item) =>
    item.code === overrides.activeCode
      ? {
          ...item,
          userBonus: {
            _id: 'ub-active',
            isActive: true,
            received: [
              ...(item.userBonus?.received ?? []),
              { updatedAt: new Date().toISOString() },
            ],
          },
        }
      : item,
  );
}

export { grantFixture, turnoverFixture } from '@/test/turnover-fixture';

export const noticeFixture = {
  notice:
    'With an active bonus, withdrawing before the turnover condition is met deducts %percentFail% percent of the remaining balance.',
};
