#!/usr/bin/env node
// Web performance figures (issue 2, item 9): builds the web app, measures the gzip size of
// the JavaScript loaded first on /login and /user/home, and runs Lighthouse's mobile preset
// on /login. Prints each figure against its target. The operator console's own first load
// (/console/, issue 13) is measured the same way and reported on its own row, without a
// target: it is a separate bundle and never counts towards the member app's. See
// bench/README.md.
//
//   npm run bench:web                 # 3 Lighthouse runs, median
//   npm run bench:web -- --runs 1     # quicker
//   npm run bench:web -- --strict     # exit 1 when a target is missed
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CONSOLE_DIST, DEMO_MEMBER, ROOT, WEB_DIST } from '../scripts/lib/paths.mjs';
import { median } from '../scripts/lib/median.mjs';
import { startStack } from '../scripts/lib/stack.mjs';
import { ensureWebBuild } from '../scripts/lib/web-build.mjs';

const TARGETS = { firstLoadKb: 110, score: 95 };
/** The operator console's sign-in page: its first load, reported without a target. */
const CONSOLE_ROUTE = '/console/';
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 3;
const strict = args.includes('--strict');
if (!Number.isInteger(runs) || runs < 1 || runs > 10) {
  console.error('--runs takes a number from 1 to 10');
  process.exit(2);
}

// Resolve tools from the workspaces that declare them (playwright-core: e2e; lighthouse:
// root, which brings chrome-launcher).
const fromE2e = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const fromLighthouse = createRequire(fromE2e.resolve('lighthouse'));
const { chromium } = fromE2e('playwright-core');
const { default: lighthouse } = await import(fromE2e.resolve('lighthouse'));
const chromeLauncher = await import(fromLighthouse.resolve('chrome-launcher'));

const kb = (bytes) => bytes / 1024;
const fmtKb = (bytes) => `${kb(bytes).toFixed(1)} KB`;
const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

// --- 1. Build -----------------------------------------------------------------------------
ensureWebBuild({ force: true });

// --- 2. Static view from the build (cross-check) -----------------------------------------
/** JavaScript index.html asks for before any code runs: entry script + modulepreloads. */
function staticEntryScripts(dist = WEB_DIST) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+\.m?js)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) {
    files.add(match[1]);
  }
  return [...files];
}

/** Lazy chunks per route from Vite's manifest: the dynamic import whose source names it. */
function manifestRouteChunks() {
  const file = path.join(WEB_DIST, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entry = entryKey ? closure(entryKey) : new Set();
  const dynamicKeys = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry);
  const pick = (pattern) => {
    const key = dynamicKeys.find((k) => pattern.test(k));
    if (!key) return null;
    const files = [...closure(key)].filter((k) => !entry.has(k)).map((k) => `/${manifest[k].file}`);
    return { source: key, files };
  };
  return {
    entry: [...entry].map((k) => `/${manifest[k].file}`),
    '/login': pick(/(^|\/)login[^/]*\.tsx?$/i),
    // The home route's module is also imported by the router table, so Vite keys its chunk
    // by file name (`_home-route-<hash>.js`) rather than by source path.
    '/user/home': pick(/(^|\/)_?(member-)?home[^/]*\.(tsx?|js)$/i),
  };
}

function distGzip(files, dist = WEB_DIST, base = '/') {
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const buffer = readFileSync(path.join(dist, file.slice(base.length)));
    raw += buffer.length;
    gz += gzipBytes(buffer);
  }
  return { raw, gz };
}

// --- 3. Measured in Chromium: every script the route loads until the network is idle ------
async function measureRoute(browser, appUrl, route) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const scripts = new Map();
  const styles = new Map();
  const collect = async (response) => {
    const url = new URL(response.url());
    if (url.origin !== appUrl) return;
    const into = /\.m?js$/.test(url.pathname)
      ? scripts
      : /\.css$/.test(url.pathname)
        ? styles
        : null;
    if (!into) return;
    const body = await response.body().catch(() => null);
    if (body) into.set(url.pathname, { raw: body.length, gz: gzipBytes(body) });
  };
  try {
    if (route === '/user/home') {
      // Sign in the way a member does, then load /user/home afresh with the cache off.
      await page.goto(`${appUrl}/login`, { waitUntil: 'networkidle' });
      const form = page.locator('form').filter({ has: page.locator('input[type="password"]') });
      await form
        .locator('input:not([type="password"]):not([type="hidden"]):not([type="checkbox"])')
        .first()
        .fill(DEMO_MEMBER.phone);
      await form.locator('input[type="password"]').fill(DEMO_MEMBER.password);
      await form.locator('button[type="submit"], button:not([type])').first().click();
      await page.waitForURL(/\/user(\/|$)/);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      page.on('response', collect);
      await page.goto(`${appUrl}/user/home`, { waitUntil: 'networkidle' });
      if (!page.url().includes('/user/home')) throw new Error(`ended on ${page.url()}`);
    } else {
      page.on('response', collect);
      await page.goto(`${appUrl}${route}`, { waitUntil: 'networkidle' });
    }
    await page.waitForTimeout(300);
    const files = [...scripts.entries()].sort(([a], [b]) => a.localeCompare(b));
    const css = [...styles.entries()].sort(([a], [b]) => a.localeCompare(b));
    return {
      files: files.map(([file, size]) => ({ file, ...size })),
      raw: files.reduce((sum, [, s]) => sum + s.raw, 0),
      gz: files.reduce((sum, [, s]) => sum + s.gz, 0),
      // Stylesheets fetched on the way (not part of the JavaScript target; reported so a
      // change in where CSS lives shows in the figures).
      css: {
        files: css.map(([file, size]) => ({ file, ...size })),
        raw: css.reduce((sum, [, s]) => sum + s.raw, 0),
        gz: css.reduce((sum, [, s]) => sum + s.gz, 0),
      },
    };
  } finally {
    await context.close();
  }
}

// --- 4. Lighthouse, mobile preset -----------------------------------------------------------
async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    // The biggest savings Lighthouse sees, so a miss comes with its likely causes.
    const opportunities = Object.values(lhr.audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
      .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
      .slice(0, 4)
      .map((a) => ({
        id: a.id,
        title: a.title,
        savingsMs: Math.round(a.details.overallSavingsMs),
      }));
    return {
      opportunities,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      fcpMs: audit('first-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      formFactor: lhr.configSettings.formFactor,
      throttling: lhr.configSettings.throttlingMethod,
    };
  } finally {
    await chrome.kill();
  }
}

const line = (label, value, target, ok) =>
  console.log(
    `  ${label.padEnd(34)} ${value.padStart(12)}   target ${target.padEnd(10)} ${ok === null ? 'n/a' : ok ? 'PASS' : 'MISS'}`,
  );

// --- Run ------------------------------------------------------------------------------------
process.env.CHROME_PATH = CHROME_PATH;
const entryStatic = distGzip(staticEntryScripts());
const consoleEntryStatic = distGzip(staticEntryScripts(CONSOLE_DIST), CONSOLE_DIST, '/console/');
const fromManifest = manifestRouteChunks();

console.log('\nStarting the stack (temporary SQLite) ...');
const stack = await startStack({ tempSqlite: true, timeoutMs: 90_000 });
const results = { date: new Date().toISOString(), targets: TARGETS, routes: {}, lighthouse: null };
let failed = false;
try {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: CHROME_FLAGS,
  });
  try {
    for (const route of ['/login', '/user/home', CONSOLE_ROUTE]) {
      try {
        results.routes[route] = await measureRoute(browser, stack.appUrl, route);
      } catch (error) {
        results.routes[route] = { error: error instanceof Error ? error.message : String(error) };
      }
    }
  } finally {
    await browser.close();
  }

  const runsOut = [];
  for (let i = 0; i < runs; i += 1) {
    process.stdout.write(`Lighthouse run ${i + 1}/${runs} on /login ...\n`);
    runsOut.push(await runLighthouse(`${stack.appUrl}/login`));
  }
  results.lighthouse = {
    runs: runsOut,
    score: median(runsOut.map((r) => r.score)),
    lcpMs: median(runsOut.map((r) => r.lcpMs ?? Infinity)),
  };
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
  console.error(stack.logs());
} finally {
  await stack.stop();
}

// --- Report ---------------------------------------------------------------------------------
console.log('\nWeb performance (apps/web/dist, gzip -9 of each JavaScript file)\n');
for (const route of ['/login', '/user/home']) {
  const r = results.routes[route];
  if (!r || 'error' in r) {
    line(`first-load JS ${route}`, 'n/a', `<= ${TARGETS.firstLoadKb} KB`, null);
    console.log(`    could not measure: ${r?.error ?? 'not run'}`);
    failed = true;
    continue;
  }
  line(
    `first-load JS ${route}`,
    fmtKb(r.gz),
    `<= ${TARGETS.firstLoadKb} KB`,
    kb(r.gz) <= TARGETS.firstLoadKb,
  );
  console.log(`    ${r.files.length} files, ${fmtKb(r.raw)} uncompressed`);
  for (const f of r.files) console.log(`      ${fmtKb(f.gz).padStart(9)}  ${f.file}`);
  line(`first-load CSS ${route}`, fmtKb(r.css.gz), '(reported)', null);
  console.log(`    ${r.css.files.length} files, ${fmtKb(r.css.raw)} uncompressed`);
  for (const f of r.css.files) console.log(`      ${fmtKb(f.gz).padStart(9)}  ${f.file}`);
}
{
  const r = results.routes[CONSOLE_ROUTE];
  console.log('\nOperator console (apps/console/dist, its own bundle; no target)\n');
  if (!r || 'error' in r) {
    line(`first-load JS ${CONSOLE_ROUTE}`, 'n/a', '(reported)', null);
    console.log(`    could not measure: ${r?.error ?? 'not run'}`);
    failed = true;
  } else {
    line(`first-load JS ${CONSOLE_ROUTE}`, fmtKb(r.gz), '(reported)', null);
    console.log(`    ${r.files.length} files, ${fmtKb(r.raw)} uncompressed`);
    for (const f of r.files) console.log(`      ${fmtKb(f.gz).padStart(9)}  ${f.file}`);
    line(`first-load CSS ${CONSOLE_ROUTE}`, fmtKb(r.css.gz), '(reported)', null);
  }
  console.log();
}
if (results.lighthouse) {
  const { score, lcpMs } = results.lighthouse;
  line(
    'Lighthouse performance /login',
    String(score),
    `>= ${TARGETS.score}`,
    score >= TARGETS.score,
  );
  line('Largest Contentful Paint /login', `${(lcpMs / 1000).toFixed(2)} s`, '(reported)', null);
  const each = results.lighthouse.runs.map(
    (r) => `${r.score} / ${((r.lcpMs ?? 0) / 1000).toFixed(2)} s`,
  );
  console.log(`    ${runs} run(s), median; each score / LCP: ${each.join(', ')}`);
  console.log(
    `    preset: ${results.lighthouse.runs[0]?.formFactor}, throttling ${results.lighthouse.runs[0]?.throttling}`,
  );
  for (const o of results.lighthouse.runs[0]?.opportunities ?? []) {
    console.log(`    opportunity: ${o.title} (about ${o.savingsMs} ms)`);
  }
} else {
  line('Lighthouse performance /login', 'n/a', `>= ${TARGETS.score}`, null);
}

console.log('\nCross-check from the build:');
console.log(`  index.html entry + modulepreload: ${fmtKb(entryStatic.gz)} gzip`);
console.log(`  console index.html entry + modulepreload: ${fmtKb(consoleEntryStatic.gz)} gzip`);
if (fromManifest) {
  for (const route of ['/login', '/user/home']) {
    const chunk = fromManifest[route];
    if (!chunk) {
      console.log(`  ${route}: no lazy chunk found in the manifest by name`);
      continue;
    }
    const sizes = distGzip([...new Set([...fromManifest.entry, ...chunk.files])]);
    console.log(`  ${route}: entry closure + ${chunk.source} = ${fmtKb(sizes.gz)} gzip`);
  }
} else {
  console.log('  (no dist/.vite/manifest.json; set build.manifest in vite.config.ts)');
}

mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
const out = path.join(ROOT, 'bench', 'results', 'web-perf.json');
writeFileSync(
  out,
  `${JSON.stringify({ ...results, entryStatic, consoleEntryStatic, fromManifest }, null, 2)}\n`,
);
console.log(`\nRaw figures: ${path.relative(ROOT, out)}`);

const missed =
  failed ||
  Object.entries(results.routes).some(
    ([route, r]) => route !== CONSOLE_ROUTE && ('error' in r || kb(r.gz) > TARGETS.firstLoadKb),
  ) ||
  !results.lighthouse ||
  results.lighthouse.score < TARGETS.score;
process.exit(strict && missed ? 1 : failed ? 1 : 0);
