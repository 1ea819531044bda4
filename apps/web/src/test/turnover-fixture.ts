// Turnover answers (GET /api/bonus/turnover, decisions 0071, 0112) for the bonus page, home
// and withdraw dialog tests: a bonus grant with two providers by default.
import type { TurnoverAnswer, TurnoverGrant } from '@/lib/api/get-turnover';

export function grantFixture(overrides: Partial<TurnoverGrant> = {}): TurnoverGrant {
  return {
    _id: 'g-1',
    kind: 'bonus',
    name: 'Welcome 100%',
    credited: 200,
    base: 400,
    required: 1200,
    played: 300,
    percent: 25,
    providers: [
      { code: 'SLOTXO', name: 'SlotXO', category: 'slot', weight: 100, played: 250 },
      { code: 'UFABET', name: 'UFABET', category: 'sport', weight: 50, played: 50 },
    ],
    percentFail: 30,
    clearBelow: 120,
    startedAt: '2024-01-03T05:00:00.000Z',
    own: 200,
    locked: 200,
    endsOnWithdraw: overrides.kind === undefined || ['bonus', 'promotion'].includes(overrides.kind),
    ...overrides,
  };
}

/** `withdrawable` and `wallet` default to a wallet of 400 baht. */
export function turnoverFixture(
  grants: TurnoverGrant[] = [],
  forfeitOnWithdraw = 0,
  figures: { withdrawable?: number; wallet?: number } = {},
): TurnoverAnswer {
  const wallet = figures.wallet ?? 400;
  return {
    grants,
    forfeitOnWithdraw,
    withdrawable: figures.withdrawable ?? Math.max(0, wallet - forfeitOnWithdraw),
    wallet,
  };
}
