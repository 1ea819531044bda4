// The member home rendered per request (issue 29, decision 0159). A member who chose "remember
// me" has the home cookie (HOME_COOKIE: the app's copy of the session token, sent only with
// `GET /user/home`). For that request the server asks the home's first reads through its own
// API as that member (`inject`: every rule of the API applies, the token's checks included),
// renders the member shell and the home with the module the web build wrote
// (apps/web/src/prerender/member-home.tsx, built to dist-server/) and answers the page
// template of the member's language with the body and the answers in it: the balance and the
// first banner are in the first HTML. Any failure (no cookie, a read that is not 200, no
// render module, an error) answers nothing here: the app's index.html is sent, as before.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HOME_COOKIE, locales, WALLET_USER_HEADER, WALLET_USER_VALUE } from '@wallet/contract';
import { routes } from '@wallet/contract/routes';
import { cookieLocale, readCookie } from './cookies';

/** Where the build's template takes the body and the answers (apps/web/vite.config.ts). */
export const HOME_MARKERS = {
  body: '<!--member-home-->',
  answers: '<!--member-home-answers-->',
} as const;

/** The id of the answers' JSON in the page (read by apps/web/src/main.tsx). */
export const HOME_ANSWERS_ID = 'member-home-answers';

/** What the build's render module exports (apps/web/src/prerender/member-home.tsx). */
interface RenderModule {
  firstReadPaths: readonly string[];
  requiredReadPaths: readonly string[];
  defaultLocale: string;
  renderMemberHome(
    locale: string,
    answers: Record<string, { status: number; body: string }>,
    info: unknown,
  ): Promise<{ lang: string; title: string; body: string; firstImage: string | null }>;
}

const escapeText = (text: string) =>
  text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

/** JSON that cannot end the script element it sits in (`</script>`, `<!--`). */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Sends the page compressed as the browser accepts (it is made per request: no .br beside it). */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply
    .code(200)
    .type('text/html; charset=utf-8')
    // The member's balance: never kept by a cache, shared or the browser's.
    .header('cache-control', 'private, no-store')
    .header('vary', 'cookie, accept-encoding');
  if (/\bbr\b/.test(accepts)) {
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepts)) {
    return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  }
  return reply.send(html);
}

export type MemberHomePage = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * The member home's per-request page from the web build's render module in `dir`
 * (WEB_SERVER_DIST), or null when there is none (an older build, a build without the member
 * app). The answer sends the page and says true, or says false and sends nothing.
 */
export function memberHomePage(app: FastifyInstance, dir: string): MemberHomePage | null {
  const file = join(dir, 'member-home.js');
  if (!existsSync(file)) return null;
  const templates = new Map<string, string>();
  for (const locale of locales) {
    const template = join(dir, `home.${locale}.html`);
    if (existsSync(template)) templates.set(locale, readFileSync(template, 'utf8'));
  }
  // Loaded now, not by the first member's request (about 0.3 s on this machine).
  const loaded = import(pathToFileURL(file).href) as Promise<RenderModule>;
  loaded.catch(() => undefined);

  return async (request, reply) => {
    const path = request.url.split(/[?#]/, 1)[0]!.toLowerCase().replace(/\/$/, '');
    if (request.method !== 'GET' || path !== '/user/home') return false;
    const token = readCookie(request, HOME_COOKIE);
    if (!token) return false;
    try {
      const module = await loaded;
      const locale = cookieLocale(request) ?? module.defaultLocale;
      const template = templates.get(locale);
      if (!template) return false;
      const visitor = {
        accept: 'application/json',
        'accept-language': locale,
        [WALLET_USER_HEADER]: WALLET_USER_VALUE,
      };
      const member = { ...visitor, authorization: `Bearer ${token}` };
      const ask = (url: string, headers: Record<string, string>) =>
        app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
      // The reads the page cannot be drawn without first: a cookie that is no session (or a
      // script sending made-up ones) costs one round of checks, not the whole page's reads.
      const answer = async (url: string) => {
        const res = await ask(url, member);
        return [url, { status: res.statusCode, body: res.body }] as const;
      };
      const required = Object.fromEntries(await Promise.all(module.requiredReadPaths.map(answer)));
      // Not the member (an ended session, a blocked account): the app handles it as ever.
      if (Object.values(required).some((read) => read.status !== 200)) return false;
      const [info, ...others] = await Promise.all([
        ask(routes.lookup.info.path, visitor),
        ...module.firstReadPaths.filter((url) => !(url in required)).map(answer),
      ]);
      const answers: Record<string, { status: number; body: string }> = {};
      const read = { ...required, ...Object.fromEntries(others) };
      for (const url of module.firstReadPaths) answers[url] = read[url]!;
      const page = await module.renderMemberHome(
        locale,
        answers,
        info!.statusCode === 200 ? info!.json() : null,
      );
      // The body's attribute as rendered (entities kept), so it names the same picture.
      const preload = page.firstImage
        ? `<link rel="preload" as="image" fetchpriority="high" href="${page.firstImage}">`
        : '';
      const html = template
        .replace('<head>', () => `<head>${preload}`)
        .replace('<title></title>', () => `<title>${escapeText(page.title)}</title>`)
        .replace(HOME_MARKERS.body, () => page.body)
        .replace(
          HOME_MARKERS.answers,
          () =>
            `<script type="application/json" id="${HOME_ANSWERS_ID}">${scriptJson(answers)}</script>`,
        );
      await sendHtml(request, reply, html);
      return true;
    } catch (error) {
      request.log.warn({ err: error }, 'member home: not rendered, the app is sent');
      return false;
    }
  };
}
