// Rasterises the provider artwork when its drawings changed (apps/server/scripts/build-artwork.ts
// decides; it returns at once when up to date). Used by `npm start` and the e2e stack, so
// the server always serves the built PNG/JPEG files (decision 0059).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './paths.mjs';

const SCRIPT = path.join(ROOT, 'apps', 'server', 'scripts', 'build-artwork.ts');

/**
 * @param {{ toStderr?: boolean }} [options] toStderr: send the output to stderr (test
 *   runners own stdout)
 */
export function ensureArtwork(options = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: ROOT,
    stdio: options.toStderr ? ['ignore', 2, 2] : 'inherit',
    env: process.env,
  });
  if (result.error) throw new Error(`could not run the artwork build: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`the artwork build failed (${SCRIPT} exited ${result.status})`);
  }
}
