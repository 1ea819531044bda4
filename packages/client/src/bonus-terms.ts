// The member-facing bonus terms (decisions 0071, 0112; issue 27): the lines a member reads
// before accepting a bonus or a promotion, built from the bonus's terms and one language's
// texts (./bonus-terms/<lang>.ts). The member app's dialogs and the console's preview draw the
// same lines, each in its own look; the texts of each language are their own entry, so the
// member bundle takes only the language it shows.
import { gameCategories, type BonusTerms, type GameCategory } from '@wallet/contract/client';
import { interpolate } from './i18n-store';

export interface BonusTermsText {
  heading: string;
  creditFixed: string;
  creditRate: string;
  minDeposit: string;
  turnover: string;
  weights: string;
  weight: string;
  categories: Record<GameCategory, string>;
  percentFail: string;
  deposit: string;
  ownMoney: string;
  oneAtATime: string;
  withdraw: string;
}

/** The receive button and the promotion dialog's title, beside the terms. */
export interface BonusActionsText {
  receive: string;
  promotionTitle: string;
}

export type BonusTermLineKey =
  | 'credit'
  | 'min-deposit'
  | 'turnover'
  | 'weights'
  | 'percent-fail'
  | 'deposit'
  | 'own-money'
  | 'one-at-a-time'
  | 'withdraw';

export interface BonusTermLine {
  key: BonusTermLineKey;
  text: string;
}

/** Terms as the member app receives them, or as the console's form holds them. */
export type BonusTermsInput = Omit<BonusTerms, 'weights'> & {
  weights: Partial<Record<GameCategory, number>>;
};

/**
 * The lines, in order: what is credited, the smallest deposit (when there is one), the
 * turnover and what counts of each bet (the categories the terms name), the percentFail
 * threshold, and the four rules every bonus has. Without terms (an older answer), only the
 * threshold (`percentFail`) and the four rules.
 */
export function bonusTermLines(
  text: BonusTermsText,
  terms: BonusTermsInput | undefined,
  percentFail: number,
  formatAmount: (baht: number) => string,
): BonusTermLine[] {
  const lines: BonusTermLine[] = [];
  if (terms) {
    lines.push({
      key: 'credit',
      text:
        terms.credit.kind === 'fixed'
          ? interpolate(text.creditFixed, { amount: formatAmount(terms.credit.amount) })
          : interpolate(text.creditRate, {
              percent: terms.credit.percent,
              cap: formatAmount(terms.credit.cap),
            }),
    });
    if (terms.minDeposit > 0)
      lines.push({
        key: 'min-deposit',
        text: interpolate(text.minDeposit, { amount: formatAmount(terms.minDeposit) }),
      });
    lines.push({
      key: 'turnover',
      text: interpolate(text.turnover, { multiple: terms.turnoverMultiple }),
    });
    const weights = gameCategories
      .filter((category) => terms.weights[category] !== undefined)
      .map((category) =>
        interpolate(text.weight, {
          category: text.categories[category],
          percent: terms.weights[category] ?? 0,
        }),
      )
      .join(', ');
    if (weights) lines.push({ key: 'weights', text: interpolate(text.weights, { list: weights }) });
  }
  lines.push(
    {
      key: 'percent-fail',
      text: interpolate(text.percentFail, { percent: terms?.percentFail ?? percentFail }),
    },
    { key: 'deposit', text: text.deposit },
    { key: 'own-money', text: text.ownMoney },
    { key: 'one-at-a-time', text: text.oneAtATime },
    { key: 'withdraw', text: text.withdraw },
  );
  return lines;
}
