// The operator's session, in memory only (decision 0086): the bearer token never touches
// localStorage, sessionStorage or a cookie, so a reload or a new tab asks to sign in again.
// Components read it with useSession(); lib/api.ts reads the token and ends the session on
// an identity failure.
import { useSyncExternalStore } from 'react';
import type { OperatorRole } from '@wallet/contract/client';

export interface OperatorSession {
  token: string;
  operator: { id: number; username: string; displayName: string; role: OperatorRole };
  /** The server ends the session after this many minutes without a call. */
  idleMinutes: number;
}

/** Why the last session ended, shown on the sign-in page. */
export type SignOutReason = 'signedOut' | 'everywhere' | 'idle' | 'expired';

interface State {
  session: OperatorSession | null;
  reason: SignOutReason | null;
}

let state: State = { session: null, reason: null };
const listeners = new Set<() => void>();

function set(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

export function startSession(session: OperatorSession): void {
  set({ session, reason: null });
}

/** Forgets the session (the caller revokes it on the server first when it can). */
export function endSession(reason: SignOutReason): void {
  set({ session: null, reason });
}

export function getSession(): OperatorSession | null {
  return state.session;
}

/** Why the last session ended (null once cleared or while signed in). */
export function getSignOutReason(): SignOutReason | null {
  return state.reason;
}

export function getToken(): string | null {
  return state.session?.token ?? null;
}

/** Clears the sign-out notice (the sign-in page after the operator starts typing). */
export function clearSignOutReason(): void {
  if (state.reason !== null) set({ ...state, reason: null });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = () => state;

export function useSessionState(): State {
  return useSyncExternalStore(subscribe, getState, getState);
}

export function useSession(): OperatorSession | null {
  return useSessionState().session;
}

/** Every call of lib/api.ts reports here, so the idle timer knows the server's clock. */
let lastCallAt = 0;
export function noteApiCall(now = Date.now()): void {
  lastCallAt = now;
}
export function lastApiCallAt(): number {
  return lastCallAt;
}
