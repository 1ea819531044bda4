// TanStack Query lives in this lazily loaded module: routes that read server state sit under
// <QueryLayout>, so pages without it (login) do not download the library on first load
// (decision 0006).
import { QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/spinner';
import { hasToken, onSessionCleared } from '@/lib/session';
import { createQueryClient } from '@/app/query-client';

export const queryClient = createQueryClient();

// Member data never outlives the session (logout, a sign-in-again answer, the public shell).
onSessionCleared(() => queryClient.clear());

export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

/**
 * The member routes' layout: once the session ends (logout, a sign-in-again answer) the member
 * pages are unmounted at once, before the app has reached /login, so none of their queries
 * asks again without the token (the dropped cache made the mounted home ask four times).
 */
export function MemberQueryLayout() {
  const signedIn = useSignedIn();
  return signedIn ? <QueryLayout /> : <PageLoader />;
}

/**
 * Whether a session is held, listening from the commit on. Not useSyncExternalStore: on
 * Preact (the app's runtime) it subscribes in a passive effect, which runs only after the
 * next frame, and the pages' own passive effects run first. A session ended in that window
 * (logout, a sign-in-again answer to the home's first reads) went unnoticed here while the
 * pages subscribed their queries to the dropped cache and asked without the token. A layout
 * effect runs in the commit itself, on React as on Preact, so nothing happens in between.
 */
function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(hasToken);
  useLayoutEffect(() => {
    const update = () => setSignedIn(hasToken());
    update();
    return onSessionCleared(update);
  }, []);
  return signedIn;
}
