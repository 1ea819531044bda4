import { useMutation } from '@tanstack/react-query';
import type { api, ResponseFor } from '@wallet/contract/client';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { clearSession, getToken } from '@/lib/session';

const endpoint = {
  method: 'POST',
  path: '/api/logout',
} as const satisfies Pick<typeof api.auth.logout, 'method' | 'path'>;

export type LogoutAnswer = ResponseFor<typeof api.auth.logout>;

/** Revokes the session on the server; an expired or unknown token is not an error here. */
export function logout(token: string | null = getToken()): Promise<LogoutAnswer | null> {
  if (!token) return Promise.resolve(null);
  return apiRequest<LogoutAnswer>({ ...endpoint, token, skipSignInRedirect: true }).catch(
    () => null,
  );
}

/** Logout (spec section 2): revoke, clear token, last_sync and the agreement flag, go to /login. */
export function useLogout() {
  return useMutation({
    mutationFn: () => logout(),
    onSettled: () => {
      // Also drops the cached member data (app/query.tsx listens).
      clearSession();
      navigateTo(paths.login, { replace: true });
    },
  });
}
