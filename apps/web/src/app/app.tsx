import { RouterProvider } from 'react-router/dom';
import { getLocale, subscribe } from '@/i18n/i18n';
import { setNavigator } from '@/lib/navigation';
import { createAppRouter } from '@/app/router';

let router: ReturnType<typeof createAppRouter> | undefined;
/**
 * The router, created at its first use rather than as this module is evaluated: creating it
 * starts the first navigation, 55-60 ms of a slow phone's main thread (Chromium at 4x CPU),
 * which made the entry's evaluation one long task. main.tsx creates it in a task of its own
 * right after (decision 0163).
 */
export function appRouter(): ReturnType<typeof createAppRouter> {
  router ??= createAppRouter();
  return router;
}
// The API client redirects ('gone', sign in again) through the router, without a reload.
setNavigator((to, options) => void appRouter().navigate(to, options));

// Operator content is answered in the request's language: reload route data on a switch.
let routeDataLocale = getLocale();
subscribe(() => {
  if (getLocale() === routeDataLocale) return;
  routeDataLocale = getLocale();
  // Not created yet: its first navigation reads the language of then.
  void router?.revalidate();
});

/**
 * Settles once the first navigation (guards, the page's lazy chunk) is done, so the first
 * render shows the page rather than the loading fallback: a prerendered page stays on screen
 * until then (decision 0155).
 */
export function whenRouterReady(): Promise<void> {
  const starting = appRouter();
  return new Promise((resolve) => {
    if (starting.state.initialized) return resolve();
    const stop = starting.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export function App() {
  return <RouterProvider router={appRouter()} />;
}
