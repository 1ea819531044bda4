// The answers public/early-requests.js asked for before the app's code had loaded (issue 29,
// decisions 0148, 0156): the home's wallet, protection state and promotions. Each is taken
// once, by the app's first read of that path, and only when that request carried exactly the
// headers this app would send now (same token, same language) and is younger than the
// wallet query's staleTime; otherwise the app asks itself, as before. The script is async: when
// it would run after the app's first read, it asks nothing (the first read leaves a closed
// record it finds).
import { parseBody } from '@wallet/client/api';
import { apiClient } from '@/lib/api-client';

interface EarlyRequests {
  at: number;
  headers: Record<string, string>;
  /** By API path; a path is removed when its answer is taken. */
  answers: Record<string, Promise<{ status: number; text: string }> | undefined>;
}

declare global {
  interface Window {
    __early?: EarlyRequests;
  }
}

/** The wallet query's staleTime (the shortest of the three): an older early answer is not used. */
export const EARLY_MAX_AGE_MS = 10_000;

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * The early answer for `path`, settled by the API client's common rules (an identity failure
 * clears the session, 'gone' goes to /terminated), or null when there is none to use.
 */
export async function takeEarly<T>(path: string): Promise<T | null> {
  const early = window.__early;
  if (!early) {
    // The app reads first: the script (async) has not run yet, and must not run after, or a
    // later read (the refetch after a deposit) would take an answer older than the deposit.
    window.__early = { at: 0, headers: {}, answers: {} };
    return null;
  }
  const pending = early.answers[path];
  if (!pending) return null;
  delete early.answers[path];
  if (Date.now() - early.at > EARLY_MAX_AGE_MS) return null;
  const sent = apiClient.headers({});
  if (!sameHeaders(sent, early.headers)) return null;
  let answer: { status: number; text: string };
  try {
    answer = await pending;
  } catch {
    return null;
  }
  return apiClient.settle<T>(answer.status, parseBody(answer.text), sent);
}
