// A private copy of apps/web/dist for one stack. Other people build the web app in the same
// checkout while journeys run, and Vite empties dist/ before writing it again: a server
// reading dist/ directly then answers index.html for chunks that are gone for a moment. The
// copy is checked for completeness (every asset a file names exists) before it is used.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { WEB_DIST, WEB_SERVER_DIST } from '../../scripts/lib/paths.mjs';

/** The asset files index.html and the chunks name that the copy lacks (empty when complete). */
export function missingAssets(dir: string): string[] {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return ['index.html'];
  const assetsDir = path.join(dir, 'assets');
  const texts = [readFileSync(index, 'utf8')];
  if (existsSync(assetsDir)) {
    for (const name of readdirSync(assetsDir)) {
      if (/\.(js|css)$/.test(name)) texts.push(readFileSync(path.join(assetsDir, name), 'utf8'));
    }
  }
  const named = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/assets\/([\w.-]+\.(?:js|css))/g)) named.add(match[1]!);
  }
  return [...named].filter((name) => !existsSync(path.join(assetsDir, name)));
}

/**
 * Copies a built front end (the web app, or the console's CONSOLE_DIST) to a temp folder,
 * retrying while a build is half written.
 */
export async function snapshotWebDist(source: string = WEB_DIST): Promise<string> {
  let missing: string[] = [];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-web-'));
    try {
      cpSync(source, dir, { recursive: true });
      missing = missingAssets(dir);
      if (missing.length === 0) return dir;
    } catch (error) {
      missing = [String(error)];
    }
    rmSync(dir, { recursive: true, force: true });
    await sleep(1_000);
  }
  throw new Error(`${source} stayed incomplete (missing ${missing.slice(0, 5).join(', ')})`);
}

/**
 * A private copy of the web build's render module of the member home and its templates
 * (apps/web/dist-server, decision 0159) for one stack, as snapshotWebDist copies dist.
 */
export async function snapshotWebServerDist(source: string = WEB_SERVER_DIST): Promise<string> {
  const complete = (dir: string) =>
    ['member-home.js', 'home.th.html', 'home.la.html', 'home.en.html'].every((file) =>
      existsSync(path.join(dir, file)),
    );
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-web-server-'));
    try {
      cpSync(source, dir, { recursive: true });
      if (complete(dir)) return dir;
    } catch {
      // Being written: try again.
    }
    rmSync(dir, { recursive: true, force: true });
    await sleep(1_000);
  }
  throw new Error(`${source} stayed incomplete (no member-home.js or page templates)`);
}
