import { useId } from 'react';
import { gameCategories, type BonusTerms as Terms } from '@wallet/contract/client';
import { useI18n } from '@/i18n/use-i18n';
import { formatAmount } from '@/lib/money';

/**
 * The significant terms shown before the member accepts a bonus or a promotion (decisions
 * 0071, 0112): what is credited, the turnover multiple and what counts of each bet, the
 * percentFail threshold, that the next deposit is refused until it ends, that promotion money
 * waits for the turnover while own money is always the member's, one promotion at a time,
 * and the withdraw rule (the bonus goes back, the rest is forfeited on a confirmed figure).
 */
export function BonusTerms({
  terms,
  percentFail,
}: {
  terms: Terms | undefined;
  percentFail: number;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const weights = gameCategories
    .filter((category) => terms?.weights[category] !== undefined)
    .map((category) =>
      t('bonus.terms.weight', {
        category: t(`bonus.terms.categories.${category}`),
        percent: terms?.weights[category] ?? 0,
      }),
    )
    .join(', ');
  return (
    <section className="bonus-terms" aria-labelledby={headingId} data-testid="bonus-terms">
      <h3 id={headingId} className="bonus-terms__heading">
        {t('bonus.terms.heading')}
      </h3>
      <ul className="bonus-terms__list">
        {terms ? (
          <>
            <li data-testid="terms-credit">
              {terms.credit.kind === 'fixed'
                ? t('bonus.terms.creditFixed', { amount: formatAmount(terms.credit.amount) })
                : t('bonus.terms.creditRate', {
                    percent: terms.credit.percent,
                    cap: formatAmount(terms.credit.cap),
                  })}
            </li>
            {terms.minDeposit > 0 ? (
              <li data-testid="terms-min-deposit">
                {t('bonus.terms.minDeposit', { amount: formatAmount(terms.minDeposit) })}
              </li>
            ) : null}
            <li data-testid="terms-turnover">
              {t('bonus.terms.turnover', { multiple: terms.turnoverMultiple })}
            </li>
            {weights ? (
              <li data-testid="terms-weights">{t('bonus.terms.weights', { list: weights })}</li>
            ) : null}
          </>
        ) : null}
        <li data-testid="terms-percent-fail">
          {t('bonus.terms.percentFail', { percent: terms?.percentFail ?? percentFail })}
        </li>
        <li data-testid="terms-deposit">{t('bonus.terms.deposit')}</li>
        <li data-testid="terms-own-money">{t('bonus.terms.ownMoney')}</li>
        <li data-testid="terms-one-at-a-time">{t('bonus.terms.oneAtATime')}</li>
        <li data-testid="terms-withdraw">{t('bonus.terms.withdraw')}</li>
      </ul>
    </section>
  );
}
