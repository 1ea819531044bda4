import { useId } from 'react';
import type { BonusTerms as Terms } from '@wallet/contract/client';
import { bonusTermLines, type BonusTermsText } from '@wallet/client/bonus-terms';
import type { translate } from '@/i18n/i18n';
import { useI18n } from '@/i18n/use-i18n';
import { formatAmount } from '@/lib/money';

/** The member's language's terms texts (`bonus.terms`, from `@wallet/client/bonus-terms/*`). */
function termsText(t: typeof translate): BonusTermsText {
  return {
    heading: t('bonus.terms.heading'),
    creditFixed: t('bonus.terms.creditFixed'),
    creditRate: t('bonus.terms.creditRate'),
    minDeposit: t('bonus.terms.minDeposit'),
    turnover: t('bonus.terms.turnover'),
    weights: t('bonus.terms.weights'),
    weight: t('bonus.terms.weight'),
    categories: {
      slot: t('bonus.terms.categories.slot'),
      sport: t('bonus.terms.categories.sport'),
      lotto: t('bonus.terms.categories.lotto'),
    },
    percentFail: t('bonus.terms.percentFail'),
    deposit: t('bonus.terms.deposit'),
    ownMoney: t('bonus.terms.ownMoney'),
    oneAtATime: t('bonus.terms.oneAtATime'),
    withdraw: t('bonus.terms.withdraw'),
  };
}

/**
 * The significant terms shown before the member accepts a bonus or a promotion (decisions
 * 0071, 0112): the lines of `@wallet/client/bonus-terms`, which the console's preview draws
 * too (issue 27).
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
  const text = termsText(t);
  return (
    <section className="bonus-terms" aria-labelledby={headingId} data-testid="bonus-terms">
      <h3 id={headingId} className="bonus-terms__heading">
        {text.heading}
      </h3>
      <ul className="bonus-terms__list">
        {bonusTermLines(text, terms, percentFail, formatAmount).map((line) => (
          <li key={line.key} data-testid={`terms-${line.key}`}>
            {line.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
