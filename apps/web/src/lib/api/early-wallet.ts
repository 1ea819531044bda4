// The wallet answer that public/early-wallet.js asked for before the app's code had loaded
// (issue 29, decision 0148). Taken once, by the first wallet read, and only when that request
// carried exactly the headers this app would send now (same token, same language) and is
// younger than the wallet query's staleTime; otherwise the app asks itself, as before.
import { parseBody } from '@wallet/client/api';
import { apiClient } from '@/lib/api-client';

interface EarlyWallet {
  at: number;
  headers: Record<string, string>;
  answer: Promise<{ status: number; text: string }>;
}

declare global {
  interface Window {
    __earlyWallet?: EarlyWallet;
  }
}

/** The wallet query's staleTime: an older early answer is not used. */
export const EARLY_WALLET_MAX_AGE_MS = 10_000;

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * The early wallet answer, settled by the API client's common rules (an identity failure
 * clears the session, 'gone' goes to /terminated), or null when there is none to use.
 */
export async function takeEarlyWallet<T>(): Promise<T | null> {
  const early = window.__earlyWallet;
  if (!early) return null;
  delete window.__earlyWallet;
  if (Date.now() - early.at > EARLY_WALLET_MAX_AGE_MS) return null;
  const sent = apiClient.headers({});
  if (!sameHeaders(sent, early.headers)) return null;
  let answer: { status: number; text: string };
  try {
    answer = await early.answer;
  } catch {
    return null;
  }
  return apiClient.settle<T>(answer.status, parseBody(answer.text), sent);
}
