// Run once before the journeys (`npm test`): builds apps/web/dist and apps/console/dist when
// missing or older than their sources, so the journey files (each its own process) need not
// check again and a source edited during the run does not trigger a rebuild in the middle of it.
import { ensureWebBuild } from '../../scripts/lib/web-build.mjs';

ensureWebBuild({ log: (line) => process.stderr.write(`${line}\n`), toStderr: true });
