// Navigation guards of spec section 2 as plain functions (tested in guards.test.ts); the
// router turns their answers into redirects. Decision 0007.
import { GONE } from '@wallet/contract/client';
import { paths } from '@/config/paths';
import { loginUrl } from '@/lib/redirect';

export interface ActiveStatus {
  terminated: string | null;
}

/**
 * Before each navigation to /login: look up the site status. 'gone' goes to /terminated
 * (and marks the flag); a live site clears the stored flag. If the lookup fails the user
 * still reaches /login.
 */
export async function loginGuard(deps: {
  fetchActive: () => Promise<ActiveStatus>;
  markTerminated: () => void;
  clearTerminated: () => void;
}): Promise<string | null> {
  let status: ActiveStatus;
  try {
    status = await deps.fetchActive();
  } catch {
    return null;
  }
  if (status.terminated === GONE) {
    deps.markTerminated();
    return paths.terminated;
  }
  deps.clearTerminated();
  return null;
}

/** A sign-in-required route without a stored token goes to /login with the intended URL. */
export function memberGuard(url: URL, tokenHeld: boolean): string | null {
  if (tokenHeld) return null;
  return loginUrl(url.pathname + url.search);
}

export type PublicShellDecision = { redirect: string } | { redirect: null; clearSession: boolean };

/**
 * The public shell: `/` itself redirects to /user (before anything else, so a signed-in
 * member keeps the session); any public page opened while a token is held clears it.
 */
export function publicShellGuard(url: URL, tokenHeld: boolean): PublicShellDecision {
  if (url.pathname === paths.root) return { redirect: paths.user };
  return { redirect: null, clearSession: tokenHeld };
}
