import { useLayoutEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { toast } from '@/components/toast/toast-store';
import { useI18n } from '@/i18n/use-i18n';
import { useProtection } from '@/lib/api/get-protection';
import { useWallet } from '@/lib/api/get-wallet';
import { currencySign } from '@/lib/money';
import { LimitRow } from '@/features/protection/components/limit-row';
import {
  hasDepositLimit,
  offerWanted,
  skipOffer,
  type OfferPlace,
} from '@/features/protection/lib/limit-offer';
import { limitOf, limitPeriods } from '@/features/protection/lib/protection';
import './limit-offer.css';

/**
 * The optional deposit-limit offer (issue 28, decision 0147): on the home after registration
 * and in the deposit dialog before the first deposit. "Set a limit" opens the Play safe
 * page's deposit rows in place; "No thanks" is remembered for this member and place. It
 * never blocks: the home and the deposit options stay usable around it.
 */
export function LimitOffer({ place }: { place: OfferPlace }) {
  const { t } = useI18n();
  const protection = useProtection();
  const wallet = useWallet();
  const titleId = useId();
  const rowsRef = useRef<HTMLUListElement>(null);
  // ask: the question; open: the rows (kept while open, also once a limit is set); closed.
  const [phase, setPhase] = useState<'ask' | 'open' | 'closed'>('ask');
  // A layout effect: focus moves in the commit that shows the content, not a frame later
  // (Preact runs plain effects after the next paint; a key pressed meanwhile went elsewhere:
  // decision 0158).
  useLayoutEffect(() => {
    if (phase === 'open') rowsRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [phase]);

  const state = protection.data;
  const memberId = wallet.data?.profile._id;
  if (!state || !memberId || phase === 'closed') return null;
  if (phase === 'ask' && !offerWanted(state, memberId, place, Date.now())) return null;

  const sign = currencySign(wallet.data?.wallet.currency);
  const isSet = hasDepositLimit(state);
  const Heading = place === 'home' ? 'h2' : 'h3';
  // A region on the home; a group in the dialog (two regions of one name would clash, and the
  // home's stays in the page under the dialog).
  const Box = place === 'home' ? 'section' : 'div';
  const skip = () => {
    skipOffer(memberId, place);
    setPhase('closed');
    toast.info(t('protection.offerSkipped'));
  };

  return (
    <Box
      className={`limit-offer limit-offer--${place}${place === 'home' ? ' card' : ''}`}
      role={place === 'home' ? undefined : 'group'}
      aria-labelledby={titleId}
      data-testid={`limit-offer-${place}`}
    >
      <Heading id={titleId} className="limit-offer__title">
        {t('protection.offerTitle')}
      </Heading>
      <p className="muted limit-offer__text">{t('protection.offerText')}</p>
      {phase === 'open' ? (
        <ul className="limit-rows" ref={rowsRef}>
          {limitPeriods.map((period) => (
            <LimitRow
              key={period}
              limit={limitOf(state, 'deposit', period)}
              sign={sign}
              now={Date.now()}
            />
          ))}
        </ul>
      ) : null}
      {isSet ? (
        <p className="limit-offer__done" role="status" data-testid={`limit-offer-${place}-done`}>
          {t('protection.offerDone')}
        </p>
      ) : null}
      <div className="limit-offer__actions">
        {phase === 'ask' ? (
          <Button onClick={() => setPhase('open')} data-testid={`limit-offer-${place}-set`}>
            {t('protection.offerSet')}
          </Button>
        ) : null}
        {isSet ? (
          <Button
            variant="secondary"
            onClick={() => setPhase('closed')}
            data-testid={`limit-offer-${place}-close`}
          >
            {t('protection.offerClose')}
          </Button>
        ) : (
          <Button variant="ghost" onClick={skip} data-testid={`limit-offer-${place}-skip`}>
            {t('protection.offerSkip')}
          </Button>
        )}
      </div>
    </Box>
  );
}
