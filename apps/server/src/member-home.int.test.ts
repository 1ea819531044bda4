// The member home rendered per request (decision 0159): which requests get it, what the page
// holds and what it never does. The render module here is a stand-in with the real one's
// exports (the web build's, apps/web/src/prerender/member-home.tsx, is exercised by the
// first-screen journey); this file checks the server's side of the contract.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOME_COOKIE } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { DEMO_MEMBER } from './seed';
import { forEachDialect } from '../test/helpers';
import { HOME_ANSWERS_ID, HOME_MARKERS, scriptJson } from './http/member-home';

const READS = ['/api/wallet', '/api/protection', '/api/home/promotions'];

/** A render module with the real one's exports: it draws the member's name and the locale. */
const renderModule = `
export const firstReadPaths = ${JSON.stringify(READS)};
export const requiredReadPaths = ['/api/wallet', '/api/protection'];
export const defaultLocale = 'th';
export async function renderMemberHome(locale, answers, info) {
  if (locale === 'la') throw new Error('this render fails');
  const wallet = JSON.parse(answers['/api/wallet'].body);
  return {
    lang: locale,
    title: (info && info.name) || 'App',
    body: '<p class="member">' + wallet.profile.username + '</p><i>' + locale + '</i>',
    firstImage: locale === 'en' ? null : '/api/promotions/art/home-welcome-th.jpg',
  };
}
`;

const template = (lang: string) =>
  `<!doctype html><html lang="${lang}"><head><title></title></head><body>` +
  `<div id="root" data-prerendered="home">${HOME_MARKERS.body}</div>${HOME_MARKERS.answers}</body></html>`;

forEachDialect('member home rendered per request', (get) => {
  let root = '';
  let app: FastifyInstance;
  let token = '';
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'wallet-home-'));
    mkdirSync(join(root, 'dist'));
    mkdirSync(join(root, 'dist-server'));
    writeFileSync(join(root, 'dist', 'index.html'), 'the app');
    writeFileSync(join(root, 'dist-server', 'member-home.js'), renderModule);
    for (const lang of ['th', 'la', 'en'])
      writeFileSync(join(root, 'dist-server', `home.${lang}.html`), template(lang));
    app = await get().rebuild({
      webDist: join(root, 'dist'),
      webServerDist: join(root, 'dist-server'),
    });
    token = await get().login(DEMO_MEMBER.username, DEMO_MEMBER.password);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const home = (cookie?: string, url = '/user/home', headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: cookie ? { ...headers, cookie } : headers });

  it("answers the home cookie's member with the page drawn from the first reads, never stored", async () => {
    const res = await home(`theme=x; ${HOME_COOKIE}=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('cookie');
    expect(res.body).toContain(`<p class="member">${DEMO_MEMBER.username}</p><i>th</i>`);
    expect(res.body).toMatch(/<html lang="th">/);
    // The first banner is asked for before the page's styles and body are read.
    expect(res.body).toContain(
      '<head><link rel="preload" as="image" fetchpriority="high" href="/api/promotions/art/home-welcome-th.jpg"><title>',
    );
    expect(res.body).not.toContain(HOME_MARKERS.body);
    // The answers the page was drawn from, for the app's first render.
    const json = new RegExp(
      `<script type="application/json" id="${HOME_ANSWERS_ID}">(.*?)</script>`,
    ).exec(res.body)?.[1];
    const answers = JSON.parse(json ?? 'null') as Record<string, { status: number; body: string }>;
    expect(Object.keys(answers)).toEqual(READS);
    for (const read of READS) expect(answers[read]!.status).toBe(200);
    expect(JSON.parse(answers['/api/wallet']!.body).profile.username).toBe(DEMO_MEMBER.username);
  });

  it("uses the language cookie's language, and the build's when it names none", async () => {
    const cookie = `${HOME_COOKIE}=${token}`;
    const en = (await home(`LANG=EN; ${cookie}`)).body;
    expect(en).toMatch(/<html lang="en">.*<i>en<\/i>/s);
    // No first banner shown: nothing preloaded.
    expect(en).toContain('<head><title>');
    expect((await home(`LANG=XX; ${cookie}`)).body).toContain('<i>th</i>');
    expect((await home(cookie, '/USER/HOME/')).body).toContain('<i>th</i>');
  });

  it('sends the app instead for no cookie, a token that is no session, another page, or a failed render', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, '/user/home'],
      [`${HOME_COOKIE}=`, '/user/home'],
      [`${HOME_COOKIE}=not-a-token`, '/user/home'],
      [`${HOME_COOKIE}=${token}`, '/user/profile'],
      [`${HOME_COOKIE}=${token}`, '/user'],
      // The stand-in's Lao render throws.
      [`LANG=LA; ${HOME_COOKIE}=${token}`, '/user/home'],
    ];
    for (const [cookie, url] of cases) {
      const res = await home(cookie, url);
      expect([res.statusCode, res.body, cookie, url]).toEqual([200, 'the app', cookie, url]);
    }
    const ended = await get().login(DEMO_MEMBER.username, DEMO_MEMBER.password);
    await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${ended}`, 'x-wallet-user': 'member' },
    });
    expect((await home(`${HOME_COOKIE}=${ended}`)).body).toBe('the app');
  });

  it('costs a made-up cookie only the checks of the reads the page needs', async () => {
    const page = await home(`${HOME_COOKIE}=made-up`);
    expect(page.body).toBe('the app');
    const inject = vi.spyOn(app, 'inject');
    try {
      await home(`${HOME_COOKIE}=made-up-too`);
      // The page's own request, then the wallet and the protection state: nothing more.
      expect(
        inject.mock.calls.map((call) => (call as unknown[] as [{ url: string }])[0].url),
      ).toEqual(['/user/home', '/api/wallet', '/api/protection']);
    } finally {
      inject.mockRestore();
    }
  });

  it('is not a credential for the API: a read with only the cookie is refused', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/wallet',
      headers: { cookie: `${HOME_COOKIE}=${token}`, 'x-wallet-user': 'member' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('is compressed for a browser that accepts it', async () => {
    const res = await home(`${HOME_COOKIE}=${token}`, '/user/home', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(
      `<p class="member">${DEMO_MEMBER.username}</p>`,
    );
  });
});

describe('the page the answers sit in', () => {
  it('cannot be ended or commented out by an answer', () => {
    const out = scriptJson({ text: '</script><script>alert(1)</script><!-- \u2028' });
    expect(out).not.toMatch(/<|\u2028/);
    expect(JSON.parse(out)).toEqual({ text: '</script><script>alert(1)</script><!-- \u2028' });
  });

  it("holds the markers and the answers' id equal to the web build's", () => {
    const web = (file: string) =>
      readFileSync(new URL(`../../web/${file}`, import.meta.url), 'utf8');
    const config = web('vite.config.ts');
    expect(config).toContain(`body: '${HOME_MARKERS.body}'`);
    expect(config).toContain(`answers: '${HOME_MARKERS.answers}'`);
    expect(web('src/app/home-take-over.tsx')).toContain(`HOME_ANSWERS_ID = '${HOME_ANSWERS_ID}'`);
  });
});
