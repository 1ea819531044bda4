// Run once before the journeys (`npm test`): builds apps/web/dist and apps/console/dist when
// missing or older than their sources, and the provider artwork the server serves, so the
// journey files (each its own process, two at a time) need not check again: two files starting
// together once raced to write the same artwork. A source edited during the run does not
// trigger a rebuild in the middle of it.
import { ensureArtwork } from '../../scripts/lib/artwork-build.mjs';
import { ensureWebBuild } from '../../scripts/lib/web-build.mjs';

ensureWebBuild({ log: (line) => process.stderr.write(`${line}\n`), toStderr: true });
ensureArtwork({ toStderr: true });
