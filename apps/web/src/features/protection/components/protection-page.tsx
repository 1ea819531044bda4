import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n/use-i18n';
import { useProtection, type ProtectionAnswer } from '@/lib/api/get-protection';
import { useWallet } from '@/lib/api/get-wallet';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { currencySign, formatAmount } from '@/lib/money';
import { BlockSection } from '@/features/protection/components/block-section';
import { LimitRow } from '@/features/protection/components/limit-row';
import { RealityCheckSection } from '@/features/protection/components/reality-check-section';
import { limitKinds, limitPeriods, limitOf } from '@/features/protection/lib/protection';
import './protection-page.css';

/** The current time, moving on every 30 s (a pending raise becomes confirmable). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Play safe (issue 28, decision 0139): deposit and loss limits per 24 h / 7 d / 30 d with a
 * pending raise to confirm, a time-out, a self-exclusion (then the offer to withdraw the whole
 * balance) and the reality-check interval.
 */
export function ProtectionPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const protection = useProtection();
  const wallet = useWallet();
  const now = useNow();
  const [askWithdraw, setAskWithdraw] = useState(false);
  const sign = currencySign(wallet.data?.wallet.currency);
  const state = protection.data;
  const balance = wallet.data?.wallet.amount ?? 0;

  const started = (next: ProtectionAnswer) => {
    if (next.block?.kind === 'self_exclusion') {
      void wallet.refetch().then((answer) => {
        if ((answer.data?.wallet.amount ?? 0) > 0) setAskWithdraw(true);
      });
    }
  };

  return (
    <section className="page page--protection" data-testid="protection-page">
      <PageHeader title={t('protection.title')} />
      {protection.isPending ? <PageLoader /> : null}
      {protection.isError ? (
        <div className="card">
          <p className="form__error">{t('protection.loadFailed')}</p>
          <p className="muted">{errorMessage(protection.error)}</p>
          <Button variant="secondary" onClick={() => void protection.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {state ? (
        <>
          <p className="muted protection-intro">{t('protection.intro')}</p>
          {state.block ? (
            <p className="card protection-block" role="status" data-testid="protection-block">
              {t(
                state.block.kind === 'time_out'
                  ? 'protection.blockTimeOut'
                  : 'protection.blockSelfExclusion',
                { time: formatDateTime(state.block.endsAt) },
              )}
            </p>
          ) : null}
          {limitKinds.map((kind) => (
            <section
              key={kind}
              className="card protection-card"
              aria-labelledby={`${kind}-limits-title`}
              data-testid={`${kind}-limits`}
            >
              <h2 id={`${kind}-limits-title`} className="protection-card__title">
                {t(kind === 'deposit' ? 'protection.depositLimits' : 'protection.lossLimits')}
              </h2>
              {kind === 'loss' ? <p className="muted">{t('protection.lossHint')}</p> : null}
              <ul className="limit-rows">
                {limitPeriods.map((period) => (
                  <LimitRow
                    key={period}
                    limit={limitOf(state, kind, period)}
                    sign={sign}
                    now={now}
                  />
                ))}
              </ul>
            </section>
          ))}
          <RealityCheckSection minutes={state.realityCheckMinutes} />
          <BlockSection kind="timeOut" onStarted={started} />
          <BlockSection kind="selfExclusion" onStarted={started} />
        </>
      ) : null}
      {askWithdraw ? (
        <Dialog
          title={t('protection.withdrawAsk')}
          onClose={() => setAskWithdraw(false)}
          testId="protection-withdraw-ask"
          footer={
            <div className="form__actions">
              <Button variant="secondary" onClick={() => setAskWithdraw(false)}>
                {t('protection.notNow')}
              </Button>
              <Button
                onClick={() => {
                  // Navigate, then close (the dialog's Back entry stays under the home's).
                  void Promise.resolve(navigate(`${paths.home}?withdraw=all`)).then(() =>
                    setAskWithdraw(false),
                  );
                }}
                data-autofocus
                data-testid="protection-withdraw-all"
              >
                {t('protection.withdrawAll')}
              </Button>
            </div>
          }
        >
          <p>{t('protection.withdrawAskText', { amount: `${sign}${formatAmount(balance)}` })}</p>
        </Dialog>
      ) : null}
    </section>
  );
}
