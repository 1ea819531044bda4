import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { paths } from '@/config/paths';
import { useAsyncAction } from '@/hooks/use-async-action';
import { callApi } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { clearSession, getToken } from '@/lib/session';

const endpoint = routes.auth.logout;

export type LogoutAnswer = ResponseFor<typeof api.auth.logout>;

/** Revokes the session on the server; an expired or unknown token is not an error here. */
export function logout(token: string | null = getToken()): Promise<LogoutAnswer | null> {
  if (!token) return Promise.resolve(null);
  return callApi(endpoint, { token, quietIdentityFailure: true }).catch(() => null);
}

/** How long logout waits at most for this device's push removal: it never holds logout up. */
export const LOGOUT_PUSH_WAIT_MS = 1500;

/**
 * This device stops receiving the member's push messages (issue 29): its subscription is
 * removed while the session still holds. Loaded on demand; the bound covers the chunk's
 * loading as well as the removal, and it never fails logout.
 */
export function forgetPushDevice(token: string | null): Promise<void> {
  if (!token || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return Promise.resolve();
  const work = import('@/pwa/push-device')
    .then((m) => m.forgetDeviceAtLogout(token))
    .catch(() => undefined);
  return Promise.race([work, new Promise<void>((done) => setTimeout(done, LOGOUT_PUSH_WAIT_MS))]);
}

async function logoutAndLeave(): Promise<void> {
  await forgetPushDevice(getToken());
  await logout();
  // Also drops the cached member data (app/query.tsx listens).
  clearSession();
  navigateTo(paths.login, { replace: true });
}

/**
 * Logout (spec section 2): revoke, clear token, last_sync and the agreement flag, go to
 * /login. A plain async action rather than a mutation: the signed-in shell then needs no
 * useMutation on the first load of /user/home (decision 0020).
 */
export function useLogout() {
  const { run, pending } = useAsyncAction(logoutAndLeave);
  return { logout: () => void run(), pending };
}
