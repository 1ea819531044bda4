// The member app's configuration of the one API transport (`@wallet/client/api`, issue 27;
// spec section 7, "Common rules"): same origin, the wallet-user header, the bearer token when
// held, Accept-Language = current locale, Idempotency-Key only on the money calls that pass
// one (decision 0021); 'gone' sends everyone to /terminated, an identity failure clears the
// session and sends the user to /login, and the error texts are loaded before a failure is
// handed over (decision 0020).
import { WALLET_USER_HEADER, WALLET_USER_VALUE } from '@wallet/contract/client';
import { createApiClient } from '@wallet/client/api';
import { paths } from '@/config/paths';
import { getLocale, loadExtraMessages } from '@/i18n/i18n';
import { currentPath, navigateTo } from '@/lib/navigation';
import { loginUrl } from '@/lib/redirect';
import { clearSession, getToken, markTerminated } from '@/lib/session';

export {
  ApiError,
  isSignInAgainMessage,
  type ApiAnswer,
  type ApiBody,
  type ApiErrorDetails,
  type ClientErrorCode,
} from '@wallet/client/api';

function goToLogin(): void {
  clearSession();
  const here = currentPath();
  if (here.startsWith(paths.login)) return;
  navigateTo(loginUrl(here), { replace: true });
}

export const apiClient = createApiClient({
  headers: ({ token = getToken() }) => ({
    [WALLET_USER_HEADER]: WALLET_USER_VALUE,
    'Accept-Language': getLocale(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  }),
  onGone: () => {
    markTerminated();
    navigateTo(paths.terminated, { replace: true });
  },
  onIdentityFailure: goToLogin,
  // Without them the code itself is shown: a failed load is no reason to fail differently.
  beforeError: () => loadExtraMessages().catch(() => undefined),
});

/** Calls one route of the contract, typed by it: `callApi(routes.wallet.get)`. */
export const callApi = apiClient.call;
