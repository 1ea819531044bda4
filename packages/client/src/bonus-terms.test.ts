import { describe, expect, it } from 'vitest';
import { bonusTermLines } from './bonus-terms';
import { bonusActionsEn, bonusTermsEn } from './bonus-terms/en';
import { bonusActionsLa, bonusTermsLa } from './bonus-terms/la';
import { bonusActionsTh, bonusTermsTh } from './bonus-terms/th';

const money = (baht: number) => baht.toFixed(2);
const terms = {
  credit: { kind: 'rate' as const, percent: 10, cap: 500 },
  minDeposit: 100,
  turnoverMultiple: 3,
  weights: { slot: 100, sport: 50 },
  percentFail: 5,
};

describe('the member-facing bonus terms (member dialogs and the console preview)', () => {
  it('draws the lines in order from the terms', () => {
    const lines = bonusTermLines(bonusTermsEn, terms, 99, money);
    expect(lines.map((l) => l.key)).toEqual([
      'credit',
      'min-deposit',
      'turnover',
      'weights',
      'percent-fail',
      'deposit',
      'own-money',
      'one-at-a-time',
      'withdraw',
    ]);
    expect(lines[0]!.text).toBe('You receive 10% of your qualifying deposit, at most 500.00 baht.');
    expect(lines[3]!.text).toBe('What counts of each bet: slots 100%, sport 50%.');
    expect(lines[4]!.text).toContain('below 5%');
  });

  it('leaves out a zero minimum, and without terms keeps the threshold and the rules', () => {
    const fixed = { ...terms, credit: { kind: 'fixed' as const, amount: 50 }, minDeposit: 0 };
    expect(bonusTermLines(bonusTermsTh, fixed, 0, money)[0]!.text).toBe('คุณจะได้รับ 50.00 บาท');
    expect(bonusTermLines(bonusTermsTh, fixed, 0, money).map((l) => l.key)).not.toContain(
      'min-deposit',
    );
    const bare = bonusTermLines(bonusTermsLa, undefined, 7, money);
    expect(bare.map((l) => l.key)).toEqual([
      'percent-fail',
      'deposit',
      'own-money',
      'one-at-a-time',
      'withdraw',
    ]);
    expect(bare[0]!.text).toContain('7%');
  });

  it('has every text in the three languages', () => {
    for (const texts of [bonusTermsTh, bonusTermsLa, bonusTermsEn])
      expect(Object.keys(texts).sort()).toEqual(Object.keys(bonusTermsEn).sort());
    for (const actions of [bonusActionsTh, bonusActionsLa, bonusActionsEn])
      expect(actions.receive && actions.promotionTitle).toBeTruthy();
  });
});
