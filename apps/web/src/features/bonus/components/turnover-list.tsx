import { ProgressBar } from '@/components/progress-bar';
import { Spinner } from '@/components/spinner';
import { useI18n } from '@/i18n/use-i18n';
import { formatAmount } from '@/lib/money';
import type { TurnoverAnswer, TurnoverGrant } from '@/lib/api/get-turnover';
import { weightsDiffer } from '@/features/bonus/lib/bonus-cards';

function GrantProgress({ grant }: { grant: TurnoverGrant }) {
  const { t } = useI18n();
  const played = formatAmount(grant.played);
  const required = formatAmount(grant.required);
  return (
    <li className="turnover-grant" data-testid="turnover-grant" data-kind={grant.kind}>
      <div className="turnover-grant__head">
        <span className="bonus-tag">{t(`bonus.kinds.${grant.kind}`)}</span>
        <span className="turnover-grant__name">{grant.name}</span>
      </div>
      <p className="turnover-grant__figures mono" data-testid="turnover-figures">
        {t('bonus.turnover.figures', { played, required })}
        <span className="turnover-grant__percent">{grant.percent}%</span>
      </p>
      <ProgressBar
        percent={grant.percent}
        label={t('bonus.turnover.progressLabel', { name: grant.name })}
        valueText={t('bonus.turnover.valueText', { played, required, percent: grant.percent })}
        testId="turnover-progress"
      />
      {grant.providers.length > 0 && weightsDiffer(grant.providers) ? (
        <div className="turnover-grant__providers">
          <p className="muted">{t('bonus.turnover.providersHeading')}</p>
          <ul data-testid="turnover-providers">
            {grant.providers.map((provider) => (
              <li key={provider.code} data-testid="turnover-provider">
                {t('bonus.turnover.provider', {
                  name: provider.name,
                  played: formatAmount(provider.played),
                  weight: provider.weight,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul className="turnover-grant__ends" data-testid="turnover-ends">
        <li>{t('bonus.turnover.endsMet', { required })}</li>
        <li>
          {t('bonus.turnover.endsClear', {
            amount: formatAmount(grant.clearBelow),
            percent: grant.percentFail,
            base: formatAmount(grant.base),
          })}
        </li>
      </ul>
    </li>
  );
}

/**
 * Turnover you can see (issue 12): each open grant's progress (played / required, a progress
 * bar, per provider where providers count bets differently) and what ends it.
 */
export function TurnoverList({
  turnover,
  pending,
  failed,
}: {
  turnover: TurnoverAnswer | undefined;
  pending: boolean;
  failed: boolean;
}) {
  const { t } = useI18n();
  return (
    <section className="card turnover" aria-labelledby="turnover-heading" data-testid="turnover">
      <h2 id="turnover-heading" className="bonus-page__heading">
        {t('bonus.turnover.heading')}
      </h2>
      {pending ? <Spinner /> : null}
      {failed && !turnover ? <p className="form__error">{t('bonus.turnover.loadFailed')}</p> : null}
      {turnover && turnover.grants.length === 0 ? (
        <p className="muted" data-testid="turnover-none">
          {t('bonus.turnover.none')}
        </p>
      ) : null}
      {turnover && turnover.grants.length > 0 ? (
        <>
          <ul className="turnover__grants">
            {turnover.grants.map((grant) => (
              <GrantProgress key={grant._id} grant={grant} />
            ))}
          </ul>
          {turnover.forfeitOnWithdraw > 0 ? (
            <p className="notice notice--danger" data-testid="turnover-withdraw">
              {t('bonus.turnover.withdrawTakes', {
                amount: formatAmount(turnover.forfeitOnWithdraw),
              })}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
