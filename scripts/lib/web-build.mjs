// Builds the web app when apps/web/dist is missing or older than the sources it is built
// from. Used by `npm start`, the e2e stack and the web benchmark.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, WEB_DIR, WEB_DIST } from './paths.mjs';

const SOURCES = [
  path.join(WEB_DIR, 'src'),
  path.join(WEB_DIR, 'public'),
  path.join(WEB_DIR, 'index.html'),
  path.join(WEB_DIR, 'vite.config.ts'),
  path.join(WEB_DIR, 'brand'),
  path.join(WEB_DIR, 'package.json'),
  path.join(ROOT, 'packages', 'contract', 'src'),
];

/** Newest modification time (ms) under the given files and folders; 0 when none exist. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) {
        if (entry !== 'node_modules' && !entry.startsWith('.')) visit(path.join(p, entry));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

/** Why a build is needed, or null when dist is up to date. */
export function webBuildReason() {
  const index = path.join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return 'apps/web/dist is missing';
  if (newestMtime(SOURCES) > statSync(index).mtimeMs)
    return 'apps/web/dist is older than its sources';
  return null;
}

/**
 * Runs `npm run build -w @wallet/web` when needed (always with force). Throws with a clear
 * message when the build fails or produces no index.html.
 * @param {{ force?: boolean, log?: (line: string) => void, toStderr?: boolean }} [options]
 *   toStderr: send the build's output to stderr (test runners own stdout)
 * @returns {boolean} whether a build ran
 */
export function ensureWebBuild(options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  const reason = options.force ? 'a fresh build was asked for' : webBuildReason();
  if (reason === null) return false;
  log(`Building the web app (${reason}) ...`);
  const result = spawnSync('npm', ['run', 'build', '-w', '@wallet/web'], {
    cwd: ROOT,
    stdio: options.toStderr ? ['ignore', 2, 2] : 'inherit',
    env: process.env,
  });
  if (result.error) throw new Error(`could not run the web build: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`the web build failed (npm run build -w @wallet/web exited ${result.status})`);
  }
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('the web build finished but apps/web/dist/index.html does not exist');
  }
  return true;
}
