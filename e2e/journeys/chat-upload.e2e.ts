// Issue 14, chat attachments from the widget (decisions 0099, 0100): the paperclip refuses a
// file without an extension and a too-large one with the spec's words; an image uploads with
// its progress % on a slow line and shows as a picture from its signed link; an upload that
// fails (the network drops it) offers Resend, which uploads it again, and Remove.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { WEB_DIST } from '../../scripts/lib/paths.mjs';
import { apiCall, operatorLogin } from '../support/api.js';
import { capture, engageUntil, eventually, msg, openIn } from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';

const fx = useJourneyFixture(
  {},
  {
    afterStart: async (stack) => {
      const token = await operatorLogin(stack);
      const answer = await apiCall(stack, 'PUT', '/api/operator/settings/chat', {
        token,
        body: { enableChatWidget: true },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    },
  },
);

const files = mkdtempSync(path.join(os.tmpdir(), 'wallet-e2e-chat-'));
process.once('exit', () => rmSync(files, { recursive: true, force: true }));
/** A real PNG (the app's icon, about 20 KB) padded so the slow line takes a few seconds. */
function pngFile(name: string): string {
  const file = path.join(files, name);
  writeFileSync(file, readFileSync(path.join(WEB_DIST, 'brand', 'icon-512.png')));
  return file;
}

async function openChat(page: Page) {
  await engageUntil(page, page.getByTestId('chat-launcher'));
  await page.getByTestId('chat-launcher').click();
  await page.getByRole('dialog', { name: msg('en', 'chat.title') }).waitFor();
  await eventually(async () =>
    assert.equal(await page.getByTestId('chat-panel').getAttribute('data-phase'), 'ready'),
  );
}

test("the paperclip: the spec's refusals, an image with progress, a failed upload resent and one removed", async () => {
  const { stack, browser } = fx;
  const page = await browser.newPage();
  await openIn(page, stack.appUrl, '/login', 'en');
  await openChat(page);
  const input = page.getByTestId('chat-file');

  // Refused before any upload: no extension, too large.
  const noExtension = path.join(files, 'photo');
  writeFileSync(noExtension, readFileSync(pngFile('a.png')));
  await input.setInputFiles(noExtension);
  assert.equal(await page.getByTestId('chat-file-error').textContent(), 'File is not supported');
  const big = path.join(files, 'big.png');
  writeFileSync(big, Buffer.alloc(10 * 1024 * 1024 + 1));
  await input.setInputFiles(big);
  assert.equal(
    await page.getByTestId('chat-file-error').textContent(),
    'The file is too large. Please select file no larger than 10 MB.',
  );
  assert.equal(await page.getByTestId('chat-message').count(), 0);

  // An image on a slow line: the percentage moves, then the picture from its signed link.
  const image = pngFile('receipt.png');
  const size = readFileSync(image).length;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: Math.max(4_000, Math.round(size / 3)),
  });
  await page.evaluate(`(() => {
    const seen = [];
    window.__chatProgress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="chat-upload-progress"]');
      const value = bar ? bar.getAttribute('data-percent') : null;
      if (value !== null && seen[seen.length - 1] !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  })()`);
  await input.setInputFiles(image);
  await page.getByTestId('chat-upload-progress').waitFor();
  await eventually(
    async () => {
      const seen = (await page.evaluate('window.__chatProgress')) as string[];
      assert.ok(
        seen.some((v) => Number(v) > 0 && Number(v) < 100),
        `progress ${seen}`,
      );
    },
    10_000,
    50,
  );
  await capture(page, 'chat-upload-progress-en', 'en');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.detach();
  const sent = page
    .getByTestId('chat-message')
    .filter({ has: page.locator('img') })
    .last();
  await eventually(
    async () => assert.equal(await sent.getAttribute('data-status'), 'succeed'),
    30_000,
  );
  const seen = (await page.evaluate('window.__chatProgress')) as string[];
  assert.ok(seen.length >= 2, `progress ${seen}`);

  // The upload is dropped once: failed, Resend uploads it again.
  let dropped = 0;
  await page.route('**/api/chat/upload-image', async (route) => {
    if (dropped === 0) {
      dropped += 1;
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await input.setInputFiles(pngFile('second.png'));
  const failed = page.getByTestId('chat-failed');
  await failed.waitFor();
  await capture(page, 'chat-upload-failed-en', 'en');
  await failed.getByRole('button', { name: 'Resend' }).click();
  await eventually(
    async () => assert.equal(await page.getByTestId('chat-failed').count(), 0),
    30_000,
  );
  const messages = page.getByTestId('chat-message');
  await eventually(async () =>
    assert.equal(await messages.last().getAttribute('data-status'), 'succeed'),
  );
  assert.equal(dropped, 1);

  // Dropped again, and this time removed: it leaves the list.
  dropped = 0;
  const before = await messages.count();
  await input.setInputFiles(pngFile('third.png'));
  await failed.waitFor();
  await failed.getByRole('button', { name: 'Remove' }).click();
  await eventually(async () => assert.equal(await messages.count(), before));
  await page.context().close();
});
