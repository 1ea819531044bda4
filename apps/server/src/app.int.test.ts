import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allEndpoints, endpoint } from '@wallet/contract';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app';
import { modules } from './modules';
import { DEMO_MEMBER } from './seed';
import { route } from './http/contract-route';
import { installErrorHandler } from './http/error-handler';
import { forEachDialect } from '../test/helpers';

forEachDialect('app', (get) => {
  describe('routes come from the contract', () => {
    // Issues land endpoint by endpoint: the milestones built so far (issues 2, 3 and 4), plus
    // any endpoint of a later issue already served. Everything else must answer 404 NO_DATA.
    const BUILT_MILESTONE = 4;
    // Issue 13's operator console, issue 14's chat, issue 26's home promotion board, issue
    // 28's player protection and issue 29's push notifications are built too.
    const isBuilt = (milestone: number) =>
      milestone <= BUILT_MILESTONE || [13, 14, 26, 28, 29].includes(milestone);
    const servedAhead = new Set<string>([
      // Issue 12, invite and refund (decision 0074).
      'POST /api/invite',
      'GET /api/invite/bonus',
      'GET /api/invite/banners',
      'POST /api/refund',
      'GET /api/refund/check',
      'GET /api/refund/receive',
      'GET /api/refund/addWallet',
      'GET /api/refund/banners',
      'GET /api/operator/settings/invite',
      'PUT /api/operator/settings/invite',
      'GET /api/operator/settings/refund',
      'PUT /api/operator/settings/refund',
      // Issue 12, H1: bonuses, promotion codes, turnover and the operator's bonus API.
      'GET /api/bonus',
      'GET /api/bonus/activate/:code',
      'GET /api/bonus/check/active',
      'GET /api/bonus/check/minimum',
      'GET /api/bonus/clear',
      'GET /api/bonus/turnover',
      'GET /api/promotion/current',
      'GET /api/promotion/find/:code',
      'GET /api/promotion/activate/:code',
      'GET /api/operator/bonuses',
      'POST /api/operator/bonuses',
      'PUT /api/operator/bonuses/:code',
      'GET /api/operator/promotions',
      'POST /api/operator/promotions',
      'PUT /api/operator/promotions/:code',
      // Issue 12, the spin wheel (decision 0082): member and operator routes.
      ...allEndpoints()
        .filter(({ group }) => group === 'spin' || group === 'operatorSpin')
        .map(({ def }) => `${def.method} ${def.path}`),
    ]);

    it('registers every endpoint of finished milestones and none that is not built', async () => {
      const t = get();
      const token = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
      const registered: string[] = [];
      for (const { def } of allEndpoints()) {
        const has = t.app.hasRoute({ method: def.method, url: def.path });
        if (isBuilt(def.milestone) || servedAhead.has(`${def.method} ${def.path}`)) {
          expect(has, `${def.method} ${def.path}`).toBe(true);
          registered.push(`${def.method} ${def.path}`);
        } else {
          expect(has, `${def.method} ${def.path}`).toBe(false);
          const url = def.path.replace(/:(\w+)/g, 'X');
          const res = await t.call(def.method, url, { token, body: {} });
          expect([res.statusCode, res.json()], url).toEqual([404, { message: 'NO_DATA' }]);
        }
      }
      const built = allEndpoints().filter(({ def }) => isBuilt(def.milestone));
      expect(registered.length).toBe(built.length + servedAhead.size);
      for (const issue4 of [
        'POST /api/wallet/slip',
        'POST /api/wallet/truelink',
        'GET /api/qrcode/:bankCode',
      ])
        expect(registered).toContain(issue4);
    });
  });

  describe('errors', () => {
    it('answers unknown /api paths with 404 NO_DATA', async () => {
      const res = await get().call('GET', '/api/does-not-exist');
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'NO_DATA' }]);
    });

    it('maps the router refusals (a bad path component, a parameter too long) to catalogue codes', async () => {
      const t = get();
      const long = await t.call('GET', `/api/promotion/find/${'x'.repeat(300)}`);
      expect([long.statusCode, long.json()]).toEqual([414, { message: 'KEY_INVALID' }]);
      const bad = await t.call('GET', '/api/promotion/find/%E0%A4%A');
      expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    });

    it('maps malformed bodies to catalogue codes', async () => {
      const t = get();
      const json = { 'content-type': 'application/json' };
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { ...json, 'x-wallet-user': 'member' },
        payload: '{"username": ',
      });
      expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { ...json, 'x-wallet-user': 'member' },
        payload: '',
      });
      expect(empty.json()).toEqual({ message: 'KEY_MISSING' });
      const array = await t.call('POST', '/api/login', { body: [1, 2] });
      expect([array.statusCode, array.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'text/plain', 'x-wallet-user': 'member' },
        payload: 'username=a',
      });
      expect([text.statusCode, text.json()]).toEqual([415, { message: 'KEY_INVALID' }]);
      const huge = await t.call('POST', '/api/login', {
        body: { username: 'a', password: 'x'.repeat(1024 * 1024 + 10) },
      });
      expect([huge.statusCode, huge.json()]).toEqual([413, { message: 'KEY_INVALID' }]);
    });

    it('fails closed when an answer breaks the contract, and never leaks 5xx details', async () => {
      const t = get();
      const app = Fastify({ logger: false });
      app.decorate('deps', t.app.deps);
      installErrorHandler(app);
      const def = endpoint({
        method: 'GET',
        path: '/api/test/answer',
        access: 'public',
        summary: 'test',
        response: z.object({ ok: z.boolean() }),
        milestone: 2,
      });
      let answer: unknown = { ok: 'yes' };
      route(app, def, {}, async () => answer as { ok: boolean });
      app.get('/api/test/boom', async () => {
        throw new Error('database password is hunter2');
      });
      const broken = await app.inject({ method: 'GET', url: '/api/test/answer' });
      expect([broken.statusCode, broken.json()]).toEqual([
        500,
        { message: 'INTERNAL_SERVER_ERROR' },
      ]);
      answer = { ok: true, password_hash: '$argon2id$...' };
      const extra = await app.inject({ method: 'GET', url: '/api/test/answer' });
      expect(extra.json()).toEqual({ ok: true });
      const boom = await app.inject({ method: 'GET', url: '/api/test/boom' });
      expect([boom.statusCode, boom.body]).toEqual([500, '{"message":"INTERNAL_SERVER_ERROR"}']);
      await app.close();
    });
  });

  describe('security headers and CORS', () => {
    it('forbids caching of every API answer, errors and gone included', async () => {
      const t = get();
      const ok = await t.call('GET', '/api/lookup/info');
      const missing = await t.call('GET', '/api/nothing-here');
      const refused = await t.call('GET', '/api/lookup/info', { noWalletHeader: true });
      for (const res of [ok, missing, refused]) {
        expect(res.headers['cache-control'], res.body).toBe('no-store');
        // Security headers on answers, 404s and refusals alike (http/security-headers.ts).
        expect(res.headers['x-frame-options'], res.body).toBe('DENY');
        expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      }
      expect([ok.statusCode, missing.statusCode, refused.statusCode]).toEqual([200, 404, 401]);
    });

    it('sends CSP, HSTS, nosniff and frame-ancestors none, and no CORS headers', async () => {
      const t = get();
      const res = await t.call('GET', '/api/lookup/banks', {
        headers: { origin: 'https://evil.example' },
      });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/login',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    });
  });

  describe('web app', () => {
    const dist = mkdtempSync(join(tmpdir(), 'wallet-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>wallet</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
    // Vite's build manifest (bench/ reads it from disk): build internals, never served.
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{"index.html":{"file":"secret"}}');
    afterAll(() => rmSync(dist, { recursive: true, force: true }));

    it('serves index.html for any non-/api GET, hashed assets for a year', async () => {
      const app = await get().rebuild({ webDist: dist });
      for (const url of ['/', '/login', '/user/home', '/no/such/page']) {
        const res = await app.inject({ method: 'GET', url });
        expect([res.statusCode, res.body, url]).toEqual([
          200,
          '<!doctype html><title>wallet</title>',
          url,
        ]);
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.headers['content-encoding']).toBeUndefined();
      const zipped = await app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).toString()).toBe('console.log(1)');
      const api = await app.inject({
        method: 'GET',
        url: '/api/nothing',
        headers: { 'x-wallet-user': 'member' },
      });
      expect([api.statusCode, api.json()]).toEqual([404, { message: 'NO_DATA' }]);
      const post = await app.inject({ method: 'POST', url: '/login' });
      expect(post.statusCode).toBe(404);
    });

    it('never serves build internals under /.vite/ or any other dot path (decision 0048)', async () => {
      const app = await get().rebuild({ webDist: dist });
      for (const url of [
        '/.vite/manifest.json',
        '/.vite/',
        '/%2Evite/manifest.json',
        '/assets/../.vite/manifest.json',
        '/.env',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect([res.statusCode, res.json(), url]).toEqual([404, { message: 'NO_DATA' }, url]);
        expect(res.body).not.toContain('secret');
      }
      // The app and its assets are still served.
      expect((await app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect([asset.statusCode, asset.body]).toEqual([200, 'console.log(1)']);
    });

    it('serves the service worker and the manifest unhashed, revalidated on every check (decision 0150)', async () => {
      writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
      writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Member Wallet"}');
      const app = await get().rebuild({ webDist: dist });
      const sw = await app.inject({ method: 'GET', url: '/sw.js' });
      expect([sw.statusCode, sw.headers['cache-control']]).toEqual([200, 'no-cache']);
      expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(sw.body).toContain('addEventListener');
      const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect([manifest.statusCode, manifest.headers['cache-control']]).toEqual([200, 'no-cache']);
      expect(manifest.headers['content-type']).toContain('application/manifest+json');
    });

    it("answers a prerendered page at its path, in the language cookie's language (decision 0155)", async () => {
      const built = mkdtempSync(join(tmpdir(), 'wallet-dist-'));
      mkdirSync(join(built, 'prerendered'));
      writeFileSync(join(built, 'index.html'), 'the app');
      const page = (lang: string) =>
        `<!doctype html><html lang="${lang}">login ${'.'.repeat(2000)}`;
      writeFileSync(join(built, 'prerendered', 'login.html'), page('th default'));
      for (const lang of ['th', 'la', 'en'])
        writeFileSync(join(built, 'prerendered', `login.${lang}.html`), page(lang));
      writeFileSync(join(built, 'prerendered', 'login.en.html.br'), brotliCompressSync(page('en')));
      try {
        const app = await get().rebuild({ webDist: built });
        const cases: [string, string | undefined, string][] = [
          ['/login', undefined, 'th default'],
          ['/login', 'LANG=EN', 'en'],
          ['/login?redirect=%2Fuser%2Fbonus', 'theme=x; LANG=LA', 'la'],
          ['/LOGIN/', 'LANG=TH', 'th'],
          ['/login', 'LANG=XX', 'th default'],
          ['/login', 'NOTLANG=EN', 'th default'],
        ];
        for (const [url, cookie, lang] of cases) {
          const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
          expect([res.statusCode, res.body, url, cookie]).toEqual([200, page(lang), url, cookie]);
          expect(res.headers.vary).toContain('cookie');
          expect(res.headers['cache-control']).toBe('no-cache');
        }
        for (const url of ['/user/home', '/register', '/login/x', '/prerendered/login']) {
          const res = await app.inject({ method: 'GET', url });
          expect([res.statusCode, res.body, url]).toEqual([200, 'the app', url]);
        }
        const zipped = await app.inject({
          method: 'GET',
          url: '/login',
          headers: { cookie: 'LANG=EN', 'accept-encoding': 'br' },
        });
        expect(zipped.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(zipped.rawPayload).toString()).toBe(page('en'));
      } finally {
        rmSync(built, { recursive: true, force: true });
      }
    });

    it('answers a plain-text hint when the web app is not built', async () => {
      const res = await get().app.inject({ method: 'GET', url: '/login' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain('npm run build');
    });
  });

  describe('operator console (decision 0087)', () => {
    const dist = mkdtempSync(join(tmpdir(), 'wallet-dist-'));
    const consoleDist = mkdtempSync(join(tmpdir(), 'wallet-console-dist-'));
    const webIndex = '<!doctype html><title>wallet</title>';
    const consoleIndex = '<!doctype html><title>console</title>';
    writeFileSync(join(dist, 'index.html'), webIndex);
    mkdirSync(join(consoleDist, 'assets'));
    writeFileSync(join(consoleDist, 'index.html'), consoleIndex);
    writeFileSync(join(consoleDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(consoleDist, 'assets', 'index-c0ffee.js'), 'console.log(2)');
    writeFileSync(join(consoleDist, 'assets', 'index-c0ffee.js.gz'), gzipSync('console.log(2)'));
    mkdirSync(join(consoleDist, '.vite'));
    writeFileSync(join(consoleDist, '.vite', 'manifest.json'), '{"index.html":{"file":"secret"}}');
    afterAll(() => {
      rmSync(dist, { recursive: true, force: true });
      rmSync(consoleDist, { recursive: true, force: true });
    });

    it('serves the console index.html for any /console/ path, with the security headers', async () => {
      const app = await get().rebuild({ webDist: dist, consoleDist });
      for (const url of ['/console/', '/console/sign-in', '/console/members/100012?tab=notes']) {
        const res = await app.inject({ method: 'GET', url });
        expect([res.statusCode, res.body, url]).toEqual([200, consoleIndex, url]);
        expect(res.headers['cache-control']).toBe('no-cache');
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("img-src 'self' data: blob:");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(res.headers['x-frame-options']).toBe('DENY');
      }
      const bare = await app.inject({ method: 'GET', url: '/console' });
      expect([bare.statusCode, bare.headers.location]).toEqual([301, '/console/']);
      const icon = await app.inject({ method: 'GET', url: '/console/favicon.svg' });
      expect([icon.statusCode, icon.headers['cache-control']]).toEqual([200, 'no-cache']);
    });

    it('caches its hashed assets for a year, compressed when asked', async () => {
      const app = await get().rebuild({ webDist: dist, consoleDist });
      const asset = await app.inject({ method: 'GET', url: '/console/assets/index-c0ffee.js' });
      expect([asset.statusCode, asset.body]).toEqual([200, 'console.log(2)']);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const zipped = await app.inject({
        method: 'GET',
        url: '/console/assets/index-c0ffee.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).toString()).toBe('console.log(2)');
    });

    it('never serves its build internals', async () => {
      const app = await get().rebuild({ webDist: dist, consoleDist });
      for (const url of [
        '/console/.vite/manifest.json',
        '/console/%2Evite/manifest.json',
        '/console/assets/../.vite/manifest.json',
        '/console/.env',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect([res.statusCode, res.json(), url]).toEqual([404, { message: 'NO_DATA' }, url]);
        expect(res.body).not.toContain('secret');
      }
    });

    it('leaves the member app as it was', async () => {
      const app = await get().rebuild({ webDist: dist, consoleDist });
      for (const url of ['/', '/login', '/user/home', '/consoles', '/no/such/page']) {
        const res = await app.inject({ method: 'GET', url });
        expect([res.statusCode, res.body, url]).toEqual([200, webIndex, url]);
      }
      const api = await app.inject({
        method: 'GET',
        url: '/api/nothing',
        headers: { 'x-wallet-user': 'member' },
      });
      expect([api.statusCode, api.json()]).toEqual([404, { message: 'NO_DATA' }]);
      expect((await app.inject({ method: 'POST', url: '/console/sign-in' })).statusCode).toBe(404);
    });

    it('answers a plain 503 hint under /console/ when only the console is not built', async () => {
      const app = await get().rebuild({ webDist: dist });
      for (const url of ['/console/', '/console/sign-in', '/console/assets/index-c0ffee.js']) {
        const res = await app.inject({ method: 'GET', url });
        expect([res.statusCode, url]).toEqual([503, url]);
        expect(res.headers['content-type']).toContain('text/plain');
        expect(res.body).toContain('operator console is not built');
        expect(res.body).toContain('npm run build');
      }
      const web = await app.inject({ method: 'GET', url: '/login' });
      expect([web.statusCode, web.body]).toEqual([200, webIndex]);
    });

    it('serves the console when only the member app is not built', async () => {
      const app = await get().rebuild({ consoleDist });
      const res = await app.inject({ method: 'GET', url: '/console/members' });
      expect([res.statusCode, res.body]).toEqual([200, consoleIndex]);
      const web = await app.inject({ method: 'GET', url: '/login' });
      expect(web.statusCode).toBe(503);
      expect(web.body).toContain('web app is not built');
    });
  });

  describe('API docs', () => {
    it('serves /api/docs when enabled, and answers 404 NO_DATA when not (production default)', async () => {
      const t = get();
      const on = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(on.statusCode).toBe(200);
      expect(on.json<{ openapi: string }>().openapi).toMatch(/^3\./);
      const off = await t.rebuild({ apiDocs: false });
      for (const headers of [{}, { 'x-wallet-user': 'member' }]) {
        const res = await off.inject({ method: 'GET', url: '/api/docs', headers });
        expect([res.statusCode, res.json()]).toEqual([404, { message: 'NO_DATA' }]);
      }
    });
  });

  describe('logs', () => {
    it('logs auth events in UTC without tokens or passwords', async () => {
      const t = get();
      const lines: string[] = [];
      const app = await buildApp({
        config: { ...t.config, logLevel: 'info' },
        db: t.db,
        sms: t.sms,
        clock: t.clock,
        logStream: { write: (line) => lines.push(line) },
      });
      try {
        const headers = { 'x-wallet-user': 'member' };
        const ok = await app.inject({
          method: 'POST',
          url: '/api/login',
          headers,
          payload: { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password },
        });
        const token = ok.json<{ token: string }>().token;
        await app.inject({
          method: 'POST',
          url: '/api/login',
          headers,
          payload: { username: DEMO_MEMBER.username, password: 'wrong-password-xyz' },
        });
        await app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { ...headers, authorization: `Bearer ${token}` },
        });
        const all = lines.join('\n');
        const events = lines.map((l) => JSON.parse(l) as { event?: string; time: string });
        expect(events.map((e) => e.event).filter(Boolean)).toEqual([
          'login_ok',
          'login_failed',
          'logout',
        ]);
        expect(events.every((e) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(e.time))).toBe(
          true,
        );
        expect(all).not.toContain(token);
        expect(all).not.toContain(DEMO_MEMBER.password);
        expect(all).not.toContain('wrong-password-xyz');
        expect(all).not.toContain(DEMO_MEMBER.username);
      } finally {
        await app.close();
      }
    });

    it('logs request URLs without game passwords or slip-link signatures (decision 0048)', async () => {
      const t = get();
      const lines: string[] = [];
      const app = await buildApp({
        config: { ...t.config, logLevel: 'info' },
        db: t.db,
        sms: t.sms,
        clock: t.clock,
        logStream: { write: (line) => lines.push(line) },
      });
      try {
        const token = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
        const headers = { 'x-wallet-user': 'member', authorization: `Bearer ${token}` };
        const password = 'GamePass-7x9Q';
        for (const code of ['askmebet', 'imi', 'usun', 'circus', 'slotracha', 'pgslot'])
          await app.inject({
            method: 'GET',
            url: `/api/autoLogin/${code}/player01/${password}`,
            headers,
          });
        const sig = 'c2lnbmF0dXJlLW9mLXRoZS1zbGlwLWxpbms';
        const slip = await app.inject({
          method: 'GET',
          url: `/static/slips/SL00000000000000000001?expires=1795000000&sig=${sig}`,
        });
        expect(slip.statusCode).toBe(403);
        const all = lines.join('\n');
        expect(all).not.toContain(password);
        expect(all).not.toContain(sig);
        // The rest of each URL is still there to read.
        const urls = lines
          .map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url)
          .filter(Boolean);
        expect(urls).toContain('/api/autoLogin/askmebet/player01/[redacted]');
        expect(urls).toContain('/api/autoLogin/pgslot/player01/[redacted]');
        expect(urls).toContain(
          '/static/slips/SL00000000000000000001?expires=1795000000&sig=[redacted]',
        );
      } finally {
        await app.close();
      }
    });

    it('reads quietly in the readable format: no request lines at info, events as one line each, secrets still hidden (issue 26)', async () => {
      const t = get();
      const build = async (logLevel: string, lines: string[]) =>
        buildApp({
          config: { ...t.config, logLevel, logFormat: 'pretty' },
          db: t.db,
          sms: t.sms,
          clock: t.clock,
          logStream: { write: (line) => lines.push(line) },
        });
      const password = 'GamePass-7x9Q';
      const visit = async (app: Awaited<ReturnType<typeof build>>) => {
        const headers = { 'x-wallet-user': 'member' };
        await app.inject({ method: 'GET', url: '/api/lookup/active', headers });
        await app.inject({
          method: 'POST',
          url: '/api/login',
          headers,
          payload: { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password },
        });
        await app.inject({
          method: 'GET',
          url: `/api/autoLogin/pgslot/player01/${password}`,
          headers,
        });
      };

      const info: string[] = [];
      const quiet = await build('info', info);
      try {
        await visit(quiet);
      } finally {
        await quiet.close();
      }
      const text = info.join('');
      expect(text).not.toMatch(/^\{/m); // no JSON line
      expect(text).not.toContain('incoming request');
      expect(text).not.toContain('/api/lookup/active');
      expect(text).toMatch(/^\d\d:\d\d:\d\d auth login_ok {2}\S/m);
      expect(text).not.toContain(DEMO_MEMBER.password);

      // At debug every request has its one line, with the URL as the serializer redacted it.
      const debug: string[] = [];
      const loud = await build('debug', debug);
      try {
        await visit(loud);
      } finally {
        await loud.close();
      }
      const all = debug.join('');
      expect(all).toMatch(/^\d\d:\d\d:\d\d GET \/api\/lookup\/active 200 \d+ ms$/m);
      expect(all).toContain('GET /api/autoLogin/pgslot/player01/[redacted] ');
      expect(all).not.toContain(password);
    });
  });
});

describe('the one list of modules (modules/index.ts, decision 0136)', () => {
  it('holds every folder of modules/ once, each face named by its folder', () => {
    const folders = readdirSync(new URL('./modules/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(modules.map((face) => face.name).sort()).toEqual(folders);
  });
});
