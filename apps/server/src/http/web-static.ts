// Serves the built web app from WEB_DIST on the same origin as /api (issue 2, "One origin").
// Any non-/api GET without a file answers index.html so the SPA's history routes and its
// own 404 page work. Hashed files under /assets are cached for a year; index.html never.
// Dot paths (/.vite/, build internals) answer 404 NO_DATA (decision 0048).
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { NotFoundFallback } from './error-handler';

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

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
): Promise<NotFoundFallback> {
  if (!existsSync(join(webDist, 'index.html'))) {
    return (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `The web app is not built (no ${webDist}/index.html).\n` +
            'Run `npm run build` at the repository root, then restart the server.\n' +
            'The API is served under /api (see /api/docs).\n',
        );
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    // The web build writes .br and .gz beside each asset; serve them to browsers that accept
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
        filePath.includes(`${sep}assets${sep}`)
          ? `public, max-age=${YEAR_S}, immutable`
          : 'no-cache',
      );
    },
  });
  const sendIndex: NotFoundFallback = (request, reply) =>
    isDotPath(request.url)
      ? reply.code(404).send({ message: 'NO_DATA' })
      : reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
  // `/` is a directory to the static handler (index: false), so it gets the SPA explicitly.
  app.get('/', sendIndex);
  return sendIndex;
}
