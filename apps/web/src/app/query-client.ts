import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** Retry a query once on a network failure or a 5xx; never on a 4xx answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  // TanStack Query starts out believing it is online and then follows the online / offline
  // events. An app opened from the service worker with the network gone (decision 0150) would
  // fail its first reads and never retry them (no 'online' change to react to): start from
  // the browser's own answer, so they wait and run when the connection returns.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
