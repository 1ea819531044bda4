// Routes under /console/ (decision 0087): /sign-in, and the shell with one route per section
// of app/sections.ts (`/<id>/*`, so a section may have its own sub-routes), each loading
// features/<id>/page.tsx lazily and only for a role that may open it.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { useSession } from '@/lib/session';
import { PasswordPage } from './auth/password-page';
import { SignInPage } from './auth/sign-in-page';
import { NotAllowed, NotFound, RouteError } from './pages';
import { homePath, mayOpen, sections, type Section, type SectionId } from './sections';
import { Shell } from './shell/shell';

export const BASENAME = '/console';

const pages = Object.fromEntries(
  sections.map((section) => [section.id, lazy(section.load)]),
) as Record<SectionId, LazyExoticComponent<ComponentType>>;

/** The shell for a signed-in operator; anyone else goes to /sign-in and comes back after. */
function SignedIn() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/sign-in" replace state={{ from }} />;
  }
  return <Shell session={session} />;
}

function SectionRoute({ section }: { section: Section }) {
  const session = useSession();
  if (!session) return null;
  if (!mayOpen(section, session.operator.role)) return <NotAllowed section={section.id} />;
  const Page = pages[section.id];
  // `data-section` appears only once the lazily loaded page has rendered: the journeys wait
  // for it after a navigation (the previous section stays on screen while the chunk loads).
  return (
    <div data-section={section.id} className="section-root">
      <Page />
    </div>
  );
}

function Home() {
  const session = useSession();
  return <Navigate to={session ? homePath(session.operator.role) : '/sign-in'} replace />;
}

function SignInRoute() {
  const session = useSession();
  // Already signed in (the back button): to the start page.
  return session ? <Navigate to={homePath(session.operator.role)} replace /> : <SignInPage />;
}

export const routeTable: RouteObject[] = [
  { path: '/sign-in', element: <SignInRoute />, errorElement: <RouteError /> },
  {
    path: '/',
    element: <SignedIn />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Home /> },
      // Every operator's own password (decision 0117), from the account menu.
      { path: 'password', element: <PasswordPage />, errorElement: <RouteError /> },
      ...sections.map((section) => ({
        path: `${section.id}/*`,
        element: <SectionRoute section={section} />,
        errorElement: <RouteError />,
      })),
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createConsoleRouter() {
  return createBrowserRouter(routeTable, { basename: BASENAME });
}
