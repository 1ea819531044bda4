import { ProgressBar } from '@/components/progress-bar';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n/use-i18n';
import { formatAmount } from '@/lib/money';
import type { TurnoverGrant } from '@/lib/api/get-turnover';
import './turnover-card.css';

/**
 * The home's compact turnover card (issue 12): the first open condition's progress, the
 * member's own and locked promotion money (decision 0112), how many more are open, and a
 * link to the bonus page. The home loads it only while a grant is open.
 */
export function TurnoverCard({ grants }: { grants: readonly TurnoverGrant[] }) {
  const { t } = useI18n();
  const grant = grants[0];
  if (!grant) return null;
  const played = formatAmount(grant.played);
  const required = formatAmount(grant.required);
  return (
    <section
      className="card turnover-card"
      aria-labelledby="turnover-card-heading"
      data-testid="home-turnover"
    >
      <div className="turnover-card__head">
        <h2 id="turnover-card-heading" className="turnover-card__title">
          {t('bonus.turnover.homeHeading')}
        </h2>
        <span className="turnover-card__percent">{grant.percent}%</span>
      </div>
      <p className="turnover-card__line">
        <span className="turnover-card__name">
          {t(`bonus.kinds.${grant.kind}`)} · {grant.name}
        </span>
        <span className="mono" data-testid="home-turnover-figures">
          {t('bonus.turnover.figures', { played, required })}
        </span>
      </p>
      <ProgressBar
        percent={grant.percent}
        label={t('bonus.turnover.progressLabel', { name: grant.name })}
        valueText={t('bonus.turnover.valueText', { played, required, percent: grant.percent })}
        testId="home-turnover-progress"
      />
      <p className="turnover-card__money mono" data-testid="home-turnover-money">
        {t('bonus.turnover.homeMoney', {
          own: formatAmount(grant.own),
          locked: formatAmount(grant.locked),
        })}
      </p>
      <p className="turnover-card__foot">
        {grants.length > 1 ? (
          <span className="muted" data-testid="home-turnover-more">
            {t('bonus.turnover.homeMore', { count: grants.length - 1 })}
          </span>
        ) : (
          <span />
        )}
        <Link to={paths.bonus} className="turnover-card__link" data-testid="home-turnover-link">
          {t('bonus.turnover.homeLink')}
        </Link>
      </p>
    </section>
  );
}
