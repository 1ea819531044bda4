// The member home route: the home page with the deposit dialog and the deposit-limit offer
// handed in by the app layer (features never import each other). Each loads when first shown,
// with the second message catalogue (decision 0020); this wrapper rides in the home page's
// chunk, so /login never downloads it.
import { lazy } from 'react';
import { withExtraMessages } from '@/i18n/i18n';
import { HomePage } from '@/features/home/components/home-page';
import { HydrateLater } from '@/lib/hydrate-in-steps';

const DepositDialog = lazy(
  withExtraMessages(() =>
    import('@/app/home-deposit-dialog').then((m) => ({ default: m.HomeDepositDialog })),
  ),
);

// The optional deposit-limit offer on the home until the first deposit (issue 28, decision
// 0147); the deposit dialog's own is in app/home-deposit-dialog.tsx.
const LimitOffer = lazy(
  withExtraMessages(() =>
    import('@/features/protection/components/limit-offer').then((m) => ({
      default: m.LimitOffer,
    })),
  ),
);

export function HomeRoute() {
  return (
    <HydrateLater>
      <HomePage depositDialog={DepositDialog} limitOffer={LimitOffer} />
    </HydrateLater>
  );
}
