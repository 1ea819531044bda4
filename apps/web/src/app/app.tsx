import { RouterProvider } from 'react-router/dom';
import { getLocale, subscribe } from '@/i18n/i18n';
import { setNavigator } from '@/lib/navigation';
import { createAppRouter } from '@/app/router';

const router = createAppRouter();
// The API client redirects ('gone', sign in again) through the router, without a reload.
setNavigator((to, options) => void router.navigate(to, options));

// Operator content is answered in the request's language: reload route data on a switch.
let routeDataLocale = getLocale();
subscribe(() => {
  if (getLocale() === routeDataLocale) return;
  routeDataLocale = getLocale();
  void router.revalidate();
});

/**
 * Settles once the first navigation (guards, the page's lazy chunk) is done, so the first
 * render shows the page rather than the loading fallback: a prerendered page stays on screen
 * until then (decision 0155).
 */
export function whenRouterReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export function App() {
  return <RouterProvider router={router} />;
}
