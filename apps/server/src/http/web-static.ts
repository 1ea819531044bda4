// Serves the built front ends on the same origin as /api (issue 2, "One origin"): the member
// web app (WEB_DIST) at `/`, and the operator console (CONSOLE_DIST, issue 13, decision 0087)
// at `/console/`. Under each prefix, any GET without a file answers that app's index.html,
// so its history routes and its own 404 page work. Hashed files under assets/ are cached
// for a year; index.html never, nor the member app's service worker (`sw.js`, at the root so
// its scope is the whole app) and manifest, so a deploy is seen at the next check (decision
// 0150). Dot paths (/.vite/, build internals) answer 404 NO_DATA (decision 0048). An app that is not built answers a plain 503 saying how to build it; the
// server and the other app still start. A page the build prerendered (`prerendered/`,
// decision 0155) is answered instead of index.html at its path, in the language cookie's
// language.
import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cookieLocale } from './cookies';
import type { NotFoundFallback } from './error-handler';
import type { MemberHomePage } from './member-home';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * A path with a segment starting with a dot (`/.vite/manifest.json`, `/.env`): build
 * internals or stray files, never a page or an asset, so never served (decision 0048).
 */
function isDotPath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    /* malformed escapes: check the path as sent */
  }
  return [path, decoded].some((p) => /(^|\/)\./.test(p));
}

/** One single-page app served from a build folder under a URL prefix. */
export interface SpaSite {
  /** `/` or `/console/` (leading and trailing slash). */
  prefix: string;
  dist: string;
  /** For the not-built hint: "web app", "operator console". */
  name: string;
  /** The command that builds it. */
  build: string;
  /** A page made per request instead of index.html (the member home, decision 0159). */
  page?: MemberHomePage | null;
}

/**
 * The build's prerendered pages (decision 0155): `prerendered/<page>.html` (the build's own
 * language) and `prerendered/<page>.<locale>.html`, answered at `/<page>`. Read once at start.
 */
function prerenderedPages(dist: string): Map<string, string> {
  const pages = new Map<string, string>();
  const folder = join(dist, 'prerendered');
  if (!existsSync(folder)) return pages;
  for (const file of readdirSync(folder)) {
    const match = /^([a-z-]+)(?:\.([a-z]{2}))?\.html$/.exec(file);
    if (match) pages.set(`${match[1]}${match[2] ? `.${match[2]}` : ''}`, `prerendered/${file}`);
  }
  return pages;
}

function notBuilt(site: SpaSite): NotFoundFallback {
  return (_request, reply) =>
    reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `The ${site.name} is not built (no ${site.dist}/index.html).\n` +
          `Run \`${site.build}\` at the repository root, then restart the server.\n` +
          'The API is served under /api (see /api/docs).\n',
      );
}

async function registerSpa(app: FastifyInstance, site: SpaSite): Promise<NotFoundFallback> {
  if (!existsSync(join(site.dist, 'index.html'))) return notBuilt(site);
  await app.register(fastifyStatic, {
    root: site.dist,
    prefix: site.prefix,
    // One reply.sendFile for every site (it takes the root per call).
    decorateReply: !app.hasReplyDecorator('sendFile'),
    index: false,
    // The builds write .br and .gz beside each asset; serve them to browsers that accept
    // them (Lighthouse's largest win on a phone: about 1.4 s of LCP).
    preCompressed: true,
    // Dot files and folders (Vite's .vite/manifest.json) are not served; see isDotPath.
    dotfiles: 'ignore',
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        filePath.startsWith(join(site.dist, 'assets') + sep)
          ? `public, max-age=${YEAR_S}, immutable`
          : 'no-cache',
      );
    },
  });
  const prerendered = prerenderedPages(site.dist);
  // `/login`, `/LOGIN/` (the router matches either): the page's file in the cookie's
  // language, else in the build's; any other path the app's index.html.
  const pageFile = (request: FastifyRequest): string | undefined => {
    if (prerendered.size === 0) return undefined;
    const path = request.url.split(/[?#]/, 1)[0]!.toLowerCase().replace(/\/$/, '');
    if (!path.startsWith(site.prefix)) return undefined;
    const page = path.slice(site.prefix.length);
    const locale = cookieLocale(request);
    return (locale && prerendered.get(`${page}.${locale}`)) || prerendered.get(page);
  };
  const sendIndex: NotFoundFallback = async (request, reply) => {
    if (isDotPath(request.url)) return reply.code(404).send({ message: 'NO_DATA' });
    if (site.page && (await site.page(request, reply))) return reply;
    const page = pageFile(request);
    if (page) reply.header('vary', 'cookie');
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .sendFile(page ?? 'index.html', site.dist);
  };
  // The prefix itself is a directory to the static handler (index: false): the SPA, explicitly.
  app.get(site.prefix, sendIndex);
  return sendIndex;
}

/**
 * Registers each site (the longest prefix first wins a request) and answers the
 * not-found fallback: the index.html (or the not-built hint) of the site the path is under.
 */
export async function registerWebApps(
  app: FastifyInstance,
  sites: readonly SpaSite[],
): Promise<NotFoundFallback> {
  const byPrefix = [...sites].sort((a, b) => b.prefix.length - a.prefix.length);
  const fallbacks: { prefix: string; fallback: NotFoundFallback }[] = [];
  for (const site of byPrefix) {
    fallbacks.push({ prefix: site.prefix, fallback: await registerSpa(app, site) });
    // `/console` without its slash: to `/console/` (relative asset URLs need the slash).
    const bare = site.prefix.replace(/\/$/, '');
    if (bare) {
      app.get(bare, (request, reply) => {
        const query = request.url.slice(bare.length);
        return reply.redirect(`${site.prefix}${query.startsWith('?') ? query : ''}`, 301);
      });
    }
  }
  return (request, reply) => {
    const path = request.url.split(/[?#]/, 1)[0]!;
    const match = fallbacks.find(({ prefix }) => path.startsWith(prefix));
    if (!match) return reply.code(404).send({ message: 'NO_DATA' });
    return match.fallback(request, reply);
  };
}
