// Signing out: the server revokes the session first (best effort: a dead network must not
// keep the operator signed in on this screen), then the in-memory session is forgotten.
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api';
import { endSession, getToken, type SignOutReason } from '@/lib/session';

export async function signOut(reason: Exclude<SignOutReason, 'everywhere'>): Promise<void> {
  if (getToken()) await callApi(routes.operator.logout).catch(() => undefined);
  endSession(reason);
}

/** Revokes every session of this operator (all devices), then signs out here. */
export async function signOutEverywhere(): Promise<void> {
  await callApi(routes.operator.logoutEverywhere);
  endSession('everywhere');
}
