// The first screens rendered to HTML at build time (decision 0155). A visitor's /login then
// paints as soon as its HTML and CSS arrive, instead of after the JavaScript, the catalogue
// and the route's guard: Lighthouse's Largest Contentful Paint on a slow phone. The app takes
// over the page when it is ready (main.tsx, lib/take-over.ts); nothing here runs in the
// browser. Run by the build (vite.config.ts `prerender`), once per language.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PublicShell } from '@/app/layouts/public-shell';
import { LoginPage } from '@/features/auth/components/login-page';
import { htmlLang, installCatalog, locales, translate, type Locale } from '@/i18n/i18n';
import type { Catalog } from '@/i18n/types';
import { enCore } from '@/i18n/locales/en-core';
import { laCore } from '@/i18n/locales/la-core';
import { thCore } from '@/i18n/locales/th-core';

const cores = { th: thCore, la: laCore, en: enCore } satisfies Record<Locale, object>;

export interface PrerenderedPage {
  /** The page's file name stem: the server answers `/<name>` with it. */
  name: string;
  locale: Locale;
  /** `<html lang>` */
  lang: string;
  title: string;
  /** What goes inside `#root`. */
  body: string;
  /**
   * The source modules the app loads for this page after its entry (the page's lazy chunk,
   * the language's catalogue): the build adds a modulepreload of their chunks, so the app
   * takes over sooner.
   */
  modules: string[];
}

/**
 * The operator's name and website stream into the footer once the app asks for them; the
 * prerendered footer is the empty one the app shows when they are not known. Marked settled
 * the way React's `use` reads a promise, so the footer renders at once (no Suspense fallback).
 */
const noInfo = Object.assign(Promise.resolve(null), { status: 'fulfilled', value: null });

/**
 * Until the app has taken over, the form must not be sent by the browser itself (a GET
 * with the password in the address): the submit button is disabled, and a form whose
 * default button is disabled is not submitted by Enter either. The app's own form replaces it.
 */
function withoutSubmit(html: string): string {
  const out = html.replace(/<button type="submit"/g, '<button type="submit" disabled=""');
  if (out === html) throw new Error('prerender: the login form has no submit button any more');
  return out;
}

async function renderLogin(locale: Locale): Promise<PrerenderedPage> {
  // The core part holds every text of the shells and of /login (decision 0020).
  installCatalog(locale, cores[locale] as Catalog);
  const handler = createStaticHandler([
    {
      path: '/',
      loader: () => ({ info: noInfo }),
      Component: PublicShell,
      children: [{ path: 'login', Component: LoginPage }],
    },
  ]);
  const context = await handler.query(new Request('http://localhost/login'));
  if (context instanceof Response) throw new Error('prerender: /login answered a redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToString(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
  return {
    name: 'login',
    locale,
    lang: htmlLang[locale],
    title: translate('app.name'),
    body: withoutSubmit(body),
    modules: [
      'src/features/auth/components/login-page.tsx',
      `src/i18n/locales/${locale}-core.ts`,
      'src/lib/take-over.ts',
    ],
  };
}

/** Every prerendered page in every language. */
export async function renderFirstScreens(): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  for (const locale of locales) pages.push(await renderLogin(locale));
  return pages;
}
