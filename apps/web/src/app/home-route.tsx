// The member home route: the home page with the deposit dialog and the deposit-limit offer
// handed in by the app layer (features never import each other). Each loads when first shown,
// with the second message catalogue (decision 0020); this wrapper rides in the home page's
// chunk, so /login never downloads it.
import { lazy } from 'react';
import { withExtraMessages } from '@/i18n/i18n';
import { HomePage, type HomeDepositDialogProps } from '@/features/home/components/home-page';

const DepositDialog = lazy(
  withExtraMessages(() =>
    import('@/features/deposit/components/deposit-dialog').then((m) => ({
      default: m.DepositDialog,
    })),
  ),
);

// The optional deposit-limit offer (issue 28, decision 0147): on the home until the first
// deposit, and in the deposit dialog.
const LimitOffer = lazy(
  withExtraMessages(() =>
    import('@/features/protection/components/limit-offer').then((m) => ({
      default: m.LimitOffer,
    })),
  ),
);

function DepositDialogWithOffer(props: HomeDepositDialogProps) {
  return <DepositDialog {...props} limitOffer={<LimitOffer place="deposit" />} />;
}

export function HomeRoute() {
  return <HomePage depositDialog={DepositDialogWithOffer} limitOffer={LimitOffer} />;
}
