// The member home rendered on the server per request (issue 29, decision 0159). The build
// bundles this module for Node (`dist-server/member-home.js`, vite.config.ts `memberHomeRender`);
// the API server imports it and, for `GET /user/home` with the home cookie, asks the first
// reads as the member (features/home/lib/first-reads.ts), renders the member shell and the
// home from their answers and sends it inside the page template the build wrote beside it.
// The banner and the balance are then in the first HTML (the home's largest paint on a slow
// phone), and the app takes the page over once it has drawn the same home (main.tsx).
// Nothing here runs in the browser.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStringAsync } from 'preact-render-to-string';
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
} from 'react-router';
import { HomeRoute } from '@/app/home-route';
import { MemberShell } from '@/app/layouts/member-shell';
import { paths } from '@/config/paths';
import {
  defaultLocale,
  htmlLang,
  installCatalog,
  isLocale,
  translate,
  type Locale,
} from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { la } from '@/i18n/locales/la';
import { th } from '@/i18n/locales/th';
import type { Info } from '@/lib/api/get-info';
import {
  firstReadPaths,
  requiredReadPaths,
  seedFirstReads,
  type FirstReadAnswers,
} from '@/features/home/lib/first-reads';

/** The build's language: the page's when the member's language cookie names none. */
export { defaultLocale, firstReadPaths, requiredReadPaths };

const catalogs = { th, la, en } satisfies Record<Locale, object>;

export interface RenderedHome {
  /** `<html lang>` */
  lang: string;
  title: string;
  /** What goes inside `#root`. */
  body: string;
  /**
   * The first screen's high-priority picture (the first banner, the home's largest paint),
   * for a preload at the top of the head: the browser asks for it before it has read the
   * page's styles and body. Null when the home shows none (no slide on, a block in force).
   */
  firstImage: string | null;
}

/** The `src` of the body's high-priority picture (promo-board.tsx SlidePicture), if any. */
const FIRST_IMAGE = /<img\b[^>]*?\bsrc="([^"]+)"[^>]*?\bfetchpriority="high"/i;

/** A promise React's `use` (and Preact's) reads at once: the operator info is already known. */
function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

/**
 * One render at a time: the message catalogue is the module's one current language, and an
 * asynchronous render (the home's lazy parts) must not see another request's language.
 */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders the member shell with the home from the first reads' answers (`answers`) and the
 * operator info (`info`, null when unknown), in `locale`. Throws when the required reads did
 * not answer 200: there is no first screen to draw then.
 */
export function renderMemberHome(
  locale: string,
  answers: FirstReadAnswers,
  info: Info | null,
): Promise<RenderedHome> {
  const run = async (): Promise<RenderedHome> => {
    if (!isLocale(locale)) throw new Error(`member-home: unknown locale ${locale}`);
    for (const path of requiredReadPaths) {
      if (answers[path]?.status !== 200) throw new Error(`member-home: ${path} did not answer`);
    }
    installCatalog(locale, catalogs[locale]);
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    seedFirstReads(client, answers, locale);
    const handler = createStaticHandler([
      {
        id: 'member',
        path: paths.user,
        loader: () => ({ info: settled(info) }),
        Component: () => (
          <QueryClientProvider client={client}>
            <Outlet />
          </QueryClientProvider>
        ),
        children: [
          {
            id: 'member-shell',
            Component: MemberShell,
            children: [{ path: 'home', Component: HomeRoute }],
          },
        ],
      },
    ]);
    const context = await handler.query(new Request(`http://localhost${paths.home}`));
    if (context instanceof Response) throw new Error('member-home: the route answered a redirect');
    const router = createStaticRouter(handler.dataRoutes, context);
    const body = await renderToStringAsync(
      <StaticRouterProvider router={router} context={context} hydrate={false} />,
    );
    return {
      lang: htmlLang[locale],
      title: info?.name || translate('app.name'),
      body,
      firstImage: FIRST_IMAGE.exec(body)?.[1] ?? null,
    };
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
