// The member home route: the home page with the deposit dialog handed in by the app layer
// (features never import each other). The dialog loads on first open, with the second
// message catalogue (decision 0020); this wrapper rides in the home page's chunk, so /login
// never downloads it.
import { lazy } from 'react';
import { withExtraMessages } from '@/i18n/i18n';
import { HomePage } from '@/features/home/components/home-page';

const DepositDialog = lazy(
  withExtraMessages(() =>
    import('@/features/deposit/components/deposit-dialog').then((m) => ({
      default: m.DepositDialog,
    })),
  ),
);

export function HomeRoute() {
  return <HomePage depositDialog={DepositDialog} />;
}
