// Builds the front ends when their dist is missing or older than the sources it is built
// from: the member web app (apps/web) and the operator console (apps/console, decision
// 0087). Used by `npm start`, the e2e stack and the web benchmark.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_DIR, CONSOLE_DIST, ROOT, WEB_DIR, WEB_DIST, WEB_SERVER_DIST } from './paths.mjs';

const CONTRACT_SRC = path.join(ROOT, 'packages', 'contract', 'src');
/** The headless browser plumbing both front ends build on (@wallet/client, decision 0137). */
const CLIENT_SRC = path.join(ROOT, 'packages', 'client', 'src');

/** The front ends, each with what its build reads. */
export const FRONT_ENDS = [
  {
    name: 'web app',
    workspace: '@wallet/web',
    dist: WEB_DIST,
    // Written by the same build: the member home's render module (decision 0159).
    alsoBuilt: [path.join(WEB_SERVER_DIST, 'member-home.js')],
    sources: [
      path.join(WEB_DIR, 'src'),
      path.join(WEB_DIR, 'public'),
      path.join(WEB_DIR, 'index.html'),
      path.join(WEB_DIR, 'vite.config.ts'),
      path.join(WEB_DIR, 'brand'),
      path.join(WEB_DIR, 'package.json'),
      CONTRACT_SRC,
      CLIENT_SRC,
    ],
  },
  {
    name: 'operator console',
    workspace: '@wallet/console',
    dist: CONSOLE_DIST,
    sources: [
      path.join(CONSOLE_DIR, 'src'),
      path.join(CONSOLE_DIR, 'public'),
      path.join(CONSOLE_DIR, 'index.html'),
      path.join(CONSOLE_DIR, 'vite.config.ts'),
      path.join(CONSOLE_DIR, 'package.json'),
      CONTRACT_SRC,
      CLIENT_SRC,
    ],
  },
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

/** Why a front end needs a build, or null when its dist is up to date. */
export function buildReason(frontEnd) {
  const index = path.join(frontEnd.dist, 'index.html');
  const where = path.relative(ROOT, frontEnd.dist);
  if (!existsSync(index)) return `${where} is missing`;
  const absent = (frontEnd.alsoBuilt ?? []).find((file) => !existsSync(file));
  if (absent) return `${path.relative(ROOT, absent)} is missing`;
  if (newestMtime(frontEnd.sources) > statSync(index).mtimeMs)
    return `${where} is older than its sources`;
  return null;
}

/** Why the web app needs a build, or null when apps/web/dist is up to date. */
export function webBuildReason() {
  return buildReason(FRONT_ENDS[0]);
}

/**
 * Runs `npm run build -w <workspace>` for each front end that needs it (every one with
 * force). Throws with a clear message when a build fails or produces no index.html.
 * @param {{ force?: boolean, log?: (line: string) => void, toStderr?: boolean }} [options]
 *   toStderr: send the build's output to stderr (test runners own stdout)
 * @returns {boolean} whether a build ran
 */
export function ensureWebBuild(options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  let built = false;
  for (const frontEnd of FRONT_ENDS) {
    const reason = options.force ? 'a fresh build was asked for' : buildReason(frontEnd);
    if (reason === null) continue;
    log(`Building the ${frontEnd.name} (${reason}) ...`);
    const command = `npm run build -w ${frontEnd.workspace}`;
    const result = spawnSync('npm', ['run', 'build', '-w', frontEnd.workspace], {
      cwd: ROOT,
      stdio: options.toStderr ? ['ignore', 2, 2] : 'inherit',
      env: process.env,
    });
    if (result.error) throw new Error(`could not run ${command}: ${result.error.message}`);
    if (result.status !== 0) {
      throw new Error(`the ${frontEnd.name} build failed (${command} exited ${result.status})`);
    }
    const index = path.join(frontEnd.dist, 'index.html');
    if (!existsSync(index)) {
      throw new Error(`the ${frontEnd.name} build finished but ${index} does not exist`);
    }
    built = true;
  }
  return built;
}
