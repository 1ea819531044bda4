import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import {
  build,
  defineConfig,
  loadEnv,
  runnerImport,
  transformWithEsbuild,
  type Plugin,
  type PluginOption,
} from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// By path, not by package name: Vite bundles relative imports of its config but loads
// packages with Node, which cannot run the contract's TypeScript.
// eslint-disable-next-line no-restricted-imports -- the config is not app code (see above)
import { routes } from '../../packages/contract/src/routes';
import { brandAssets } from './brand/logo';
// eslint-disable-next-line no-restricted-imports -- build plumbing shared with the console and the unit tests
import {
  buildOptions,
  precompressPlugin,
  preactAliases,
  reactRouterAliases,
  reactRouterDist,
} from '../../scripts/lib/vite-shared.mjs';
import type * as FirstScreens from './src/prerender/first-screens';

/**
 * Where the API server puts a home it renders (decision 0159) into the page template: the
 * rendered body inside `#root`, the first reads' answers after it. Held equal to the server's
 * copy (apps/server/src/http/member-home.ts) by its test.
 */
const HOME_MARKERS = {
  body: '<!--member-home-->',
  answers: '<!--member-home-answers-->',
} as const;

// Dev server: /api, /static (game artwork) and /socket.io go to the API server
// (API_PROXY_TARGET, default the product port 3000), so the browser always talks to one
// origin, as in production.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/**
 * The two scripts of `public/` that pages start with (`early-requests.js`, `after-paint.js`)
 * are written there readable, with the comments that say why; a phone needs neither. Minified
 * in the build's output once it is written, before the service worker's precache list and the
 * compressed copies are made from it: about 0.75 KB gzip less on /login, 0.85 KB on the home.
 */
function minifyPublicScripts(): Plugin {
  const scripts = ['early-requests.js', 'after-paint.js'];
  return {
    name: 'wallet:minify-public-scripts',
    apply: 'build',
    writeBundle: {
      sequential: true,
      async handler({ dir }) {
        if (!dir) throw new Error('minify-public-scripts: the build has no output folder');
        for (const name of scripts) {
          const file = join(dir, name);
          const { code } = await transformWithEsbuild(readFileSync(file, 'utf8'), name, {
            minify: true,
            legalComments: 'none',
            target: 'es2019',
          });
          writeFileSync(file, code);
        }
      },
    },
  };
}

/**
 * The member home's chunks (decision 0156): its route modules and each language's core
 * catalogue, listed on index.html's `early-requests.js` tag, which modulepreloads them on
 * /user/home with a session. The app would otherwise find them one round trip at a time (the
 * entry asks for the catalogue and the route; the route, once rendered, for the promotion
 * board). Files the entry already imports are left out. An unknown module stops the build.
 * The build's language is on the tag too: the script asks in it when none is stored.
 */
function homeChunks(root: () => string, laoBuild: boolean): Plugin {
  const routeModules = [
    'src/app/query.tsx',
    'src/app/home-route.tsx',
    'src/features/home/components/promo-board.tsx',
    'src/features/home/components/game-carousels.tsx',
  ];
  return {
    name: 'wallet:home-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((out) => out.type === 'chunk');
        const holding = (source: string) => {
          const chunk = chunks.find((c) => c.moduleIds.includes(join(root(), source)));
          if (!chunk) throw new Error(`home-chunks: no chunk holds ${source}`);
          return chunk;
        };
        const closure = (fileName: string, into: Set<string>): Set<string> => {
          const chunk = bundle[fileName];
          if (!into.has(fileName) && chunk?.type === 'chunk') {
            into.add(fileName);
            for (const dep of chunk.imports) closure(dep, into);
          }
          return into;
        };
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('home-chunks: no entry chunk');
        const loaded = closure(entry.fileName, new Set());
        const chunkFiles = (sources: string[]) =>
          [
            ...sources.reduce((all, src) => closure(holding(src).fileName, all), new Set<string>()),
          ].filter((file) => !loaded.has(file));
        const paths = (names: Iterable<string>) => [...names].map((file) => `/${file}`).join(' ');
        const files = (sources: string[]) => paths(chunkFiles(sources));
        const homeFiles = chunkFiles(routeModules);
        // Their styles too: the app only asks for a chunk's CSS once it imports the chunk, and
        // the banner cannot be drawn before promo-board's arrives (Lighthouse: one round trip
        // more in the home's largest paint).
        const styles = new Set(
          homeFiles.flatMap((file) => {
            const chunk = bundle[file];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          }),
        );
        const cores = (['th', 'la', 'en'] as const)
          .map(
            (locale) => ` data-core-${locale}="${files([`src/i18n/locales/${locale}-core.ts`])}"`,
          )
          .join('');
        const tag = '<script src="/early-requests.js" async></script>';
        if (!html.includes(tag))
          throw new Error('home-chunks: index.html has no early-requests.js');
        return html.replace(
          tag,
          `<script src="/early-requests.js" async data-home-chunks="${paths(homeFiles)}" data-home-styles="${paths(styles)}"${cores} data-default-locale="${laoBuild ? 'la' : 'th'}"></script>`,
        );
      },
    },
  };
}

/**
 * The first screens as HTML (decision 0155). Once the bundle is written, renders
 * `src/prerender/first-screens.tsx` through Vite's module runner and writes, from the built
 * index.html, `prerendered/<page>.<locale>.html` for every language and `prerendered/<page>.html`
 * in the build's own: the page inside `#root` (`data-prerendered`), its lang and title, the
 * entry's styles inline, and its scripts (the entry, its chunks and the page's own) started by
 * `public/after-paint.js` once the page has painted. No early requests: a visitor has no
 * wallet. The server answers `/<page>` with the file of the visitor's language cookie
 * (apps/server/src/http/web-static.ts); the app takes the page over when it is ready (main.tsx).
 */
function prerender(laoBuild: boolean, mode: string): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'wallet:prerender',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const { module } = await runnerImport<typeof FirstScreens>(
          join(root, 'src/prerender/first-screens.tsx'),
          {
            configFile: false,
            root,
            mode: 'production',
            logLevel: 'error',
            resolve: { alias: [{ find: /^@\//, replacement: join(root, 'src') + '/' }] },
          },
        );
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(
          readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
        ) as Record<string, { file: string; imports?: string[] }>;
        const chunksOf = (key: string, into: Set<string>): Set<string> => {
          const chunk = manifest[key];
          if (!chunk) throw new Error(`prerender: ${key} is not a chunk of this build`);
          if (!into.has(chunk.file)) {
            into.add(chunk.file);
            for (const dep of chunk.imports ?? []) chunksOf(dep, into);
          }
          return into;
        };
        /** The addresses of a module's chunk and the chunks it imports. */
        const chunkPaths = (key: string) => [...chunksOf(key, new Set())].map((file) => `/${file}`);
        const escape = (text: string) =>
          text.replace(
            /[&<>"]/g,
            (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`,
          );
        mkdirSync(join(outDir, 'prerendered'), { recursive: true });
        // Each inlined file also gets a disabled link (never fetched): the app's chunk loader
        // adds a chunk's CSS unless a stylesheet link to it is in the page, and adding the
        // entry's styles again after the page's would reorder the cascade (the home's invite
        // card grew 8 px under the banner at the take-over, and the largest paint came again).
        const inlineCss = (file: string) => {
          const css = readFileSync(join(outDir, file), 'utf8');
          if (/<\/style|url\(/i.test(css)) throw new Error(`prerender: ${file} cannot be inlined`);
          return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
        };
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(
          template,
        )?.[1];
        if (!entry) throw new Error('prerender: index.html has no module script');
        // The manifest is linked by after-paint.js once the page has painted (decision 0163):
        // asked for with the page, it and then an icon it names were fetched beside the first
        // paint's image (Lighthouse counted them into the home's largest paint: 1.21 s against
        // 1.06 s without them), and nothing needs it before the app runs.
        const appManifest = /<link rel="manifest" href="([^"]+)">/.exec(template)?.[1];
        if (!appManifest) throw new Error('prerender: index.html links no manifest');
        const headPreloads = [
          ...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
        ].map((m) => m[1]!);
        /**
         * A page from the built index.html: `lang`, `title`, `root` (the `#root` element with
         * its content), the entry's styles and `styles` inline (one round trip fewer before the
         * first paint), and the app's entry and `preload` started by after-paint.js once the page
         * has painted, not by the head (they are not needed for the first paint). No early
         * requests: a visitor has no wallet, and a home rendered per request carries its answers.
         */
        const pageHtml = (page: {
          lang: string;
          title: string;
          root: string;
          preload: string[];
          styles?: string[];
        }) => {
          const preload = [...headPreloads, ...page.preload].filter(
            (href, i, all) => href !== entry && all.indexOf(href) === i,
          );
          const start = `<script src="/after-paint.js" async data-entry="${entry}" data-preload="${preload.join(' ')}" data-manifest="${appManifest}"></script>`;
          return [
            [/<html lang="[^"]*">/, `<html lang="${page.lang}">`],
            [/<title>[^<]*<\/title>/, `<title>${escape(page.title)}</title>`],
            [
              /\s*<!--[^>]*decisions 0148, 0156[^>]*-->\s*<script src="\/early-requests\.js"[^>]*><\/script>/,
              '',
            ],
            [
              /<link rel="stylesheet" crossorigin href="\/([^"]+)">/,
              (_: string, file: string) =>
                [file, ...(page.styles ?? [])].map((css) => inlineCss(css)).join(''),
            ],
            [/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, ''],
            [/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, ''],
            [/\s*<link rel="manifest" href="[^"]+">/, ''],
            [/<\/head>/, `${start}</head>`],
            [/<div id="root"><\/div>/, page.root],
          ].reduce<string>((out, [pattern, replacement]) => {
            if (!(pattern as RegExp).test(out))
              throw new Error(`prerender: index.html has no ${String(pattern)}`);
            return typeof replacement === 'function'
              ? out.replace(pattern as RegExp, replacement as (...m: string[]) => string)
              : out.replace(pattern as RegExp, () => replacement as string);
          }, template);
        };
        for (const page of await module.renderFirstScreens()) {
          const html = pageHtml({
            lang: page.lang,
            title: page.title,
            root: `<div id="root" data-prerendered="${page.name}">${page.body}</div>`,
            preload: page.modules.flatMap(chunkPaths),
          });
          writeFileSync(join(outDir, 'prerendered', `${page.name}.${page.locale}.html`), html);
          if (page.locale === (laoBuild ? 'la' : 'th'))
            writeFileSync(join(outDir, 'prerendered', `${page.name}.html`), html);
        }
        // The member home rendered per request (decision 0159): its render module for Node and
        // one page template per language, in dist-server/ (read by the API server, never served).
        const serverDir = join(root, 'dist-server');
        await build({
          configFile: false,
          root,
          mode,
          logLevel: 'warn',
          plugins: [inlineRoutes()],
          resolve: {
            alias: [
              { find: /^@\//, replacement: join(root, 'src') + '/' },
              ...reactRouterAliases('build'),
              ...preactAliases,
            ],
          },
          // One file with everything in it: the server has none of the app's packages.
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: 'src/prerender/member-home.tsx',
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            target: 'node20',
            rollupOptions: {
              output: { entryFileNames: 'member-home.js', inlineDynamicImports: true },
              // TanStack Query's "use client" lines mean nothing in a server bundle.
              onwarn(warning, warn) {
                if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
              },
            },
          },
        });
        const homeTag = /<script src="\/early-requests\.js"[^>]*>/.exec(template)?.[0];
        const attribute = (name: string) => {
          const value = homeTag && new RegExp(` ${name}="([^"]*)"`).exec(homeTag)?.[1];
          if (value === undefined) throw new Error(`prerender: early-requests.js has no ${name}`);
          return value.split(' ').filter(Boolean);
        };
        for (const [locale, lang] of [
          ['th', 'th'],
          ['la', 'lo'],
          ['en', 'en'],
        ] as const) {
          const html = pageHtml({
            lang,
            title: '',
            root: `<div id="root" data-prerendered="home">${HOME_MARKERS.body}</div>${HOME_MARKERS.answers}`,
            // With the take-over's own chunk (app/home-take-over.tsx), which only this page
            // needs: found by the entry after it has run, it was one round trip later.
            preload: [
              ...attribute('data-home-chunks'),
              ...attribute(`data-core-${locale}`),
              ...chunkPaths('src/app/home-take-over.tsx'),
            ],
            // Not the game carousels': they are drawn by the app only (home-page.tsx).
            styles: attribute('data-home-styles')
              .filter((href) => !/\/game-carousels-[\w-]+\.css$/.test(href))
              .map((href) => href.replace(/^\//, '')),
          });
          writeFileSync(join(serverDir, `home.${locale}.html`), html);
        }
      },
    },
  };
}

/**
 * react-router creates its components and contexts with bare module-level
 * `React.forwardRef(...)` / `React.createContext(...)` calls and then assigns their
 * `displayName`. Rollup must assume both have side effects, so every such component stayed
 * in the entry chunk whether the app renders it or not: Form with its submit helpers,
 * Link and NavLink with their framework-mode prefetching (decision 0036). In the build only,
 * this marks those calls pure and drops the `displayName` statements (read only by React
 * DevTools), so what the app does not use is tree-shaken. Lines keep their place, so source
 * maps stay right. If a react-router upgrade changes the pattern, the build stops here
 * instead of silently growing again.
 */
function treeShakeReactRouter(): Plugin {
  const marked = new Set<string>();
  return {
    name: 'wallet:tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(reactRouterDist) || !id.endsWith('.mjs')) return null;
      const out = code
        .replace(/^\w+\.displayName = "[^"]*";$/gm, '')
        .replace(
          /^var (\w+) = (React\d*\.(?:forwardRef|createContext)\()/gm,
          (_, name: string, call: string) => {
            marked.add(name);
            return `var ${name} = /* @__PURE__ */ ${call}`;
          },
        );
      return out === code ? null : { code: out, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missing = ['Link', 'NavLink', 'Form', 'DataRouterContext'].filter(
        (name) => !marked.has(name),
      );
      if (missing.length > 0)
        this.error(`react-router no longer matches treeShakeReactRouter (${missing.join(', ')})`);
    },
  };
}

/**
 * The API files take each endpoint's method and path from the contract's route table
 * (`routes.wallet.get`). As one module, the table would land whole (every route some chunk
 * uses) in the entry chunk, as Rollup never splits a module across chunks. In the build
 * only, this writes each `routes.<group>.<name>` (or `routes.<group>`) as its literal value,
 * so each route travels with the lazy chunk that calls it, as when the files restated them,
 * and the unused import is dropped (decision 0067). An unknown name stops the build.
 */
function inlineRoutes(): Plugin {
  const table = routes as Record<string, Record<string, unknown>>;
  // The server's facts about a route (who may call it, how it is guarded) stay out of the
  // bundle: the client reads only method, path and timeoutMs.
  const serverOnly = new Set(['access', 'idempotent', 'multipart']);
  const forTheClient = (key: string, value: unknown) => (serverOnly.has(key) ? undefined : value);
  return {
    name: 'wallet:inline-routes',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('/apps/web/src/') || !code.includes("from '@wallet/contract/routes'"))
        return null;
      const reads = /\bendpoint\.(access|idempotent|multipart)\b/.exec(code);
      if (reads) this.error(`${id}: ${reads[0]} is not inlined into the bundle (server-only)`);
      const out = code.replace(
        /\broutes\.(\w+)(?:\.(\w+))?\b/g,
        (match, group: string, name: string | undefined) => {
          const value = name === undefined ? table[group] : table[group]?.[name];
          if (value === undefined) this.error(`${id}: ${match} is not in the route table`);
          return `(${JSON.stringify(value, forTheClient)})`;
        },
      );
      return { code: out, map: null };
    },
  };
}

/**
 * Two chunk groups (decision 0036):
 * - `vendor`: Preact (with preact/compat standing in for react and react-dom, decision 0158)
 *   and react-router, which every route needs and which change only with a dependency
 *   upgrade, so phones keep them cached across app releases. Naming
 *   them also keeps them out of the TanStack chunk (a manual chunk takes its dependencies).
 * - TanStack Query in one file instead of four (Rollup split it by which lazy chunks import
 *   which part, yet the member area's layout route needs all of it on its first render), as
 *   fewer, larger files compress better; useMutation stays apart (dialogs and forms only).
 */
function chunkGroups(id: string): string | undefined {
  if (/\/node_modules\/(preact|react-router)\//.test(id)) return 'vendor';
  if (/\/node_modules\/@tanstack\/(query-core|react-query)\//.test(id))
    return /\/(mutationObserver|useMutation)\.js$/.test(id)
      ? 'tanstack-mutation'
      : 'tanstack-query';
  return undefined;
}

/**
 * The web app manifest and the service worker (decisions 0150, 0151), by vite-plugin-pwa:
 * `src/pwa/sw.ts` is bundled to `sw.js` with the build's precache list injected (index.html,
 * every hashed asset, the icons; not the how-to videos). The app registers it itself, after
 * the page has loaded (`src/pwa/pwa-slot.tsx`), so nothing is added to the first load. The
 * manifest speaks the build's language: Thai, or Lao on the Lao build.
 */
function pwa(laoBuild: boolean): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/pwa',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: 'Member Wallet',
      short_name: 'Wallet',
      description: 'Member wallet',
      lang: laoBuild ? 'lo' : 'th',
      dir: 'ltr',
      start_url: '/user/home',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#0f1424',
      background_color: '#0d1222',
      icons: [
        { src: '/brand/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/brand/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    injectManifest: {
      globPatterns: [
        'index.html',
        'early-requests.js',
        'assets/**/*.{js,css}',
        'favicon.svg',
        'brand/*.png',
      ],
      // The largest chunk stays far below; a bigger one would fail the build, not be skipped.
      maximumFileSizeToCacheInBytes: 1024 * 1024,
      minify: true,
      sourcemap: false,
    },
    devOptions: { enabled: false },
  }) as unknown as PluginOption;
}

/** The Lao build (VITE_LAO_BUILD): Lao is its language, Thai the other builds'. */
const laoBuild = (mode: string) =>
  /^(true|1)$/.test(
    loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_').VITE_LAO_BUILD ?? '',
  );

export default defineConfig(({ command, mode }) => {
  // Read once: three plugins depend on the build's language.
  const lao = laoBuild(mode);
  return {
    // No @vitejs/plugin-react: Vite compiles the JSX itself (tsconfig's react-jsx, through the
    // Preact aliases), and React Fast Refresh cannot drive Preact: an edited component reloads
    // the page (decision 0158).
    plugins: [
      brandAssets(),
      treeShakeReactRouter(),
      inlineRoutes(),
      homeChunks(() => fileURLToPath(new URL('.', import.meta.url)), lao),
      minifyPublicScripts(),
      pwa(lao),
      prerender(lao, mode),
      // Last: the prerendered pages are compressed too.
      precompressPlugin('wallet:precompress'),
    ],
    resolve: {
      alias: [
        { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
        ...reactRouterAliases(command),
        // The member app runs on Preact, in the dev server as in the build (decision 0158).
        ...preactAliases,
      ],
    },
    server: {
      host: '127.0.0.1',
      port: Number(process.env.WEB_DEV_PORT ?? 5173),
      strictPort: true,
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false },
        '/static': { target: apiTarget, changeOrigin: false },
        '/socket.io': { target: apiTarget, ws: true },
      },
    },
    build: buildOptions(chunkGroups),
  };
});
