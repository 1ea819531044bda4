// Journey: the how-to videos cannot drift from the app (decision 0060). The recording script
// (`npm run howto:record`, e2e/howto/record.ts) films the steps of e2e/howto/tasks.ts; this
// journey runs the very same steps in th, la and en without filming, so a change of the
// screens they walk through fails here, and checks that every task has its committed
// recording in every language, the same list the how-to page plays.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';
import { castMember, checkingDirector, toHome } from '../howto/director.js';
import { HOWTO_IDS, HOWTO_TASKS } from '../howto/tasks.js';

const fx = useJourneyFixture();
const PUBLIC = fileURLToPath(new URL('../../apps/web/public', import.meta.url));
// Loaded by URL so this file does not type-check the web app (as support/app.ts does).
const VIDEOS_MODULE = new URL('../../apps/web/src/features/howto/lib/videos.ts', import.meta.url);

test('the how-to page plays one recording per task and language, all committed', async () => {
  const { howtoVideos, videoFiles } = (await import(VIDEOS_MODULE.href)) as {
    howtoVideos: { id: string }[];
    videoFiles: (id: string, locale: string) => { src: string; poster: string };
  };
  assert.deepEqual(
    howtoVideos.map((v) => v.id),
    HOWTO_IDS,
  );
  assert.deepEqual(
    HOWTO_TASKS.map((task) => task.id),
    HOWTO_IDS,
  );
  for (const locale of LOCALES) {
    for (const id of HOWTO_IDS) {
      const { src, poster } = videoFiles(id, locale);
      for (const file of [src, poster]) {
        assert.ok(existsSync(`${PUBLIC}${file}`), `${file} is missing: npm run howto:record`);
      }
    }
  }
});

for (const locale of LOCALES) {
  test(`the recorded how-to steps still work in ${locale}`, async () => {
    const { stack, browser } = fx;
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await castMember(stack, page, locale);
      for (const task of HOWTO_TASKS) {
        await toHome(page, stack.appUrl);
        await task.run(checkingDirector(page, locale));
      }
    } finally {
      await context.close();
    }
  });
}

test('the recordings are served as video in each language', async () => {
  const { stack } = fx;
  for (const locale of LOCALES) {
    const res = await fetch(`${stack.appUrl}/howto/${locale}/wallet.mp4`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'video/mp4');
    const poster = await fetch(`${stack.appUrl}/howto/${locale}/wallet.jpg`);
    assert.equal(poster.headers.get('content-type'), 'image/jpeg');
  }
});
