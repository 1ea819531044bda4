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
      {/* Decision 0112: what stays the member's, and what waits for the turnover. */}
      <dl className="turnover-grant__money" data-testid="turnover-money">
        <div>
          <dt>{t('bonus.turnover.own')}</dt>
          <dd className="mono" data-testid="turnover-own">
            {formatAmount(grant.own)}
          </dd>
        </div>
        <div>
          <dt>{t('bonus.turnover.locked')}</dt>
          <dd className="mono" data-testid="turnover-locked">
            {formatAmount(grant.locked)}
          </dd>
        </div>
      </dl>
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
          {grant.percentFail > 0
            ? t('bonus.turnover.endsClear', {
                amount: formatAmount(grant.clearBelow),
                percent: grant.percentFail,
                base: formatAmount(grant.base),
              })
            : t('bonus.turnover.endsNever')}
        </li>
      </ul>
    </li>
  );
}

/**
 * Turnover you can see (issue 12): each open grant's progress (played / required, a progress
 * bar, per provider where providers count bets differently), the member's own money and the
 * locked promotion money (decision 0112), what ends it, and what a withdrawal may take now.
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
          {turnover.grants.some((grant) => grant.endsOnWithdraw) ? (
            <p className="notice notice--danger" data-testid="turnover-withdraw">
              {t('bonus.turnover.withdrawTakes', {
                amount: formatAmount(turnover.forfeitOnWithdraw),
                withdrawable: formatAmount(turnover.withdrawable),
              })}
            </p>
          ) : (
            <p className="notice" data-testid="turnover-withdraw">
              {t('bonus.turnover.withdrawKeeps', {
                withdrawable: formatAmount(turnover.withdrawable),
              })}
            </p>
          )}
        </>
      ) : null}
    </section>
  );
}
