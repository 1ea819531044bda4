// Route loaders: the guards of spec section 2 (guards.ts) turned into redirects, plus the
// operator info both shells show. Loaders run before each navigation into their route.
import { redirect, type LoaderFunctionArgs } from 'react-router';
// Static: the member shell in the entry chunk imports it too, so a dynamic import here saved
// nothing and only made Vite warn (issue 26).
import { logout } from '@/features/auth/api/logout';
import { getActive } from '@/lib/api/get-active';
import { getInfoOrNull } from '@/lib/api/get-info';
import { clearSession, clearTerminated, getToken, hasToken, markTerminated } from '@/lib/session';
import { loginGuard, memberGuard, publicShellGuard } from '@/app/guards';

export function publicShellLoader({ request }: LoaderFunctionArgs) {
  const decision = publicShellGuard(new URL(request.url), hasToken());
  if (decision.redirect !== null) throw redirect(decision.redirect);
  if (decision.clearSession) {
    const token = getToken();
    clearSession();
    // Best effort: also revoke the session on the server.
    void logout(token);
  }
  // Not awaited: the footer streams in without holding up the page.
  return { info: getInfoOrNull() };
}

export async function loginLoader() {
  const target = await loginGuard({ fetchActive: getActive, markTerminated, clearTerminated });
  if (target) throw redirect(target);
  return null;
}

/**
 * The member home: start the wallet request while the page's code is still downloading
 * (TanStack Query then finds it in flight). Not awaited, so the page renders at once.
 * Loaders of nested routes run side by side, so this one runs even when memberLoader above
 * it redirects a visitor to /login: without a token it asks nothing (a visitor's
 * `GET /api/wallet` was a 401 in the console, issue 26).
 */
export function homeLoader() {
  if (!hasToken()) return null;
  // The home the server rendered brings the answers it was drawn from (decision 0159): the
  // take-over puts them in the cache (app/home-take-over.tsx), so nothing is asked here.
  if (document.getElementById('root')?.getAttribute('data-prerendered') === 'home') return null;
  void Promise.all([import('@/app/query'), import('@/lib/api/get-wallet')]).then(
    // Still signed in once the chunks are here (a logout meanwhile asks nothing).
    ([{ queryClient }, { getWalletQueryOptions }]) =>
      hasToken() ? queryClient.prefetchQuery(getWalletQueryOptions()) : undefined,
  );
  return null;
}

export function memberLoader({ request }: LoaderFunctionArgs) {
  const target = memberGuard(new URL(request.url), hasToken());
  if (target) throw redirect(target);
  return { info: getInfoOrNull() };
}
