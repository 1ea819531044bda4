// The route table of spec section 2 (history mode). Pages are lazy chunks so the first load
// of /login or /user/home fetches only what that route needs; the two shells are small and
// ride in the entry (both routes render inside one at once, and one file fewer to fetch
// beats the few hundred bytes the other route carries: decision 0036). The guards are small
// loaders that run before each navigation. Pages other than /login and /user/home also wait
// for the second message catalogue (`withExtraMessages`, decision 0020).
import { createBrowserRouter, redirect } from 'react-router';
import { PageLoader } from '@/components/spinner';
import { paths } from '@/config/paths';
import { withExtraMessages, withPromoMessages } from '@/i18n/i18n';
import { homeLoader, loginLoader, memberLoader, publicShellLoader } from '@/app/loaders';
import { RootLayout } from '@/app/layouts/root-layout';
import { MemberShell } from '@/app/layouts/member-shell';
import { PublicShell } from '@/app/layouts/public-shell';
import { RouteError } from '@/app/route-error';

const queryLayout = () => import('@/app/query').then((m) => ({ Component: m.QueryLayout }));
const memberQueryLayout = () =>
  import('@/app/query').then((m) => ({ Component: m.MemberQueryLayout }));

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoader,
      children: [
        {
          id: 'public-shell',
          path: paths.root,
          loader: publicShellLoader,
          Component: PublicShell,
          children: [
            { index: true, loader: () => redirect(paths.user) },
            {
              path: 'login',
              loader: loginLoader,
              // Re-check the site status on every navigation to /login, even to the same URL.
              shouldRevalidate: () => true,
              lazy: () =>
                import('@/features/auth/components/login-page').then((m) => ({
                  Component: m.LoginPage,
                })),
            },
            {
              // Pages that read server state through TanStack Query.
              lazy: queryLayout,
              children: [
                {
                  path: 'register',
                  lazy: withExtraMessages(() =>
                    import('@/features/register/components/register-page').then((m) => ({
                      Component: m.RegisterPage,
                    })),
                  ),
                },
                {
                  path: 'contact',
                  lazy: withExtraMessages(() =>
                    import('@/features/contact/components/contact-page').then((m) => ({
                      Component: () => <m.ContactPage />,
                    })),
                  ),
                },
              ],
            },
            {
              path: 'howto',
              lazy: withExtraMessages(() =>
                import('@/features/howto/components/howto-page').then((m) => ({
                  Component: m.HowtoPage,
                })),
              ),
            },
          ],
        },
        {
          id: 'member',
          path: paths.user,
          loader: memberLoader,
          lazy: memberQueryLayout,
          children: [
            {
              id: 'member-shell',
              Component: MemberShell,
              children: [
                { index: true, loader: () => redirect(paths.home) },
                {
                  path: 'home',
                  loader: homeLoader,
                  lazy: () => import('@/app/home-route').then((m) => ({ Component: m.HomeRoute })),
                },
                {
                  path: 'profile',
                  lazy: withExtraMessages(() =>
                    import('@/features/profile/components/profile-page').then((m) => ({
                      Component: m.ProfilePage,
                    })),
                  ),
                },
                {
                  path: 'bonus',
                  lazy: withPromoMessages(() =>
                    import('@/features/bonus/components/bonus-page').then((m) => ({
                      Component: m.BonusPage,
                    })),
                  ),
                },
                {
                  path: 'statement',
                  lazy: withExtraMessages(() =>
                    import('@/features/statement/components/statement-page').then((m) => ({
                      Component: m.StatementPage,
                    })),
                  ),
                },
                {
                  path: 'contact',
                  lazy: withExtraMessages(() =>
                    import('@/features/contact/components/contact-page').then((m) => ({
                      Component: () => <m.ContactPage withTopOffset />,
                    })),
                  ),
                },
                {
                  path: 'protection',
                  lazy: withExtraMessages(() =>
                    import('@/features/protection/components/protection-page').then((m) => ({
                      Component: m.ProtectionPage,
                    })),
                  ),
                },
                {
                  path: 'spin',
                  lazy: withPromoMessages(() =>
                    import('@/features/spin/components/spin-page').then((m) => ({
                      Component: m.SpinPage,
                    })),
                  ),
                },
              ],
            },
          ],
        },
        {
          path: paths.terminated,
          lazy: withExtraMessages(() =>
            import('@/features/site/components/terminated-page').then((m) => ({
              Component: m.TerminatedPage,
            })),
          ),
        },
        {
          path: '*',
          lazy: withExtraMessages(() =>
            import('@/features/site/components/not-found-page').then((m) => ({
              Component: m.NotFoundPage,
            })),
          ),
        },
      ],
    },
  ]);
}
