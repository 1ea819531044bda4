// The deposit dialog as the home opens it (app layer: features never import each other): with
// the wallet's currency (a limit's refusal says what still fits in it) and the optional
// deposit-limit offer above its options (issue 28, decision 0147). The home route loads this
// module lazily, so none of it is in the home's first load.
import type { HomeDepositDialogProps } from '@/features/home/components/home-page';
import { useWallet } from '@/lib/api/get-wallet';
import { DepositDialog } from '@/features/deposit/components/deposit-dialog';
import { LimitOffer } from '@/features/protection/components/limit-offer';

export function HomeDepositDialog(props: HomeDepositDialogProps) {
  const wallet = useWallet();
  return (
    <DepositDialog
      {...props}
      member={{ ...props.member, currency: wallet.data?.wallet.currency }}
      limitOffer={<LimitOffer place="deposit" />}
    />
  );
}
