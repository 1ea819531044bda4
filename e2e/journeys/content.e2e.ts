// Journey 8: the how-to videos (modal, Escape, focus return), the contact page (sanitised
// operator HTML, QR with its fallback, link, name, version) and the conditions modal of the
// signed-in shell (scroll lock, Escape).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, DEMO } from '../support/api.js';
import { capture, eventually, LOCALES, msg, openIn, signIn } from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';

const fx = useJourneyFixture();

const VIDEOS = [
  ['wallet', 'Using the wallet'],
  ['enter-game', 'Entering a game'],
  ['check-balance', 'Checking your balance'],
  ['receive-bonus', 'Receiving bonuses'],
  ['end-bonus', 'Ending bonuses'],
] as const;

const activeTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);

test('how-to: five videos, each plays in a modal that Escape closes, focus returns', async () => {
  const { stack, browser } = fx;
  const page = await browser.newPage();
  await openIn(page, stack.appUrl, '/howto', 'en');
  const cards = page.locator('[data-testid^="howto-video-"]');
  await cards.first().waitFor();
  assert.equal(await cards.count(), 5);
  await capture(page, 'howto-en', 'en');

  for (const [id, title] of VIDEOS) {
    const card = page.getByTestId(`howto-video-${id}`);
    assert.match((await card.textContent()) ?? '', new RegExp(title));
    await card.click();
    const dialog = page.getByTestId('howto-dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    assert.equal(await dialog.locator('h2').textContent(), title);
    const video = dialog.locator('video');
    assert.equal(await video.count(), 1);
    const src = await video.evaluate((v: HTMLVideoElement) => v.currentSrc || v.src);
    assert.ok(src, `video ${id} has no source`);
    // The recording of this app in the page's language (decision 0060), not a placeholder.
    assert.equal(new URL(src).pathname, `/howto/en/${id}.mp4`);
    const preview = id === 'receive-bonus' || id === 'end-bonus';
    assert.equal(
      await dialog.getByTestId('howto-preview-note').count(),
      preview ? 1 : 0,
      `${id}: the preview note (promotions are not built yet)`,
    );
    // The file is really served as a video (not the SPA's index.html).
    const res = await page.request.get(src);
    assert.equal(res.status(), 200, `${src} answered HTTP ${res.status()}`);
    assert.match(
      res.headers()['content-type'] ?? '',
      /^video\//,
      `${src} is not served as a video`,
    );
    assert.equal(await bodyOverflow(page), 'hidden', 'the page scrolls behind the video modal');
    if (id === 'wallet') await capture(page, 'howto-modal-en', 'en');

    await page.keyboard.press('Escape');
    await eventually(async () => assert.equal(await dialog.count(), 0));
    assert.equal(await activeTestId(page), `howto-video-${id}`, 'focus did not return to the card');
    assert.equal(await bodyOverflow(page), '');
  }
  await page.context().close();
});

test('how-to in th and la: translated titles in the cards and the modal', async () => {
  const { stack, browser } = fx;
  for (const locale of ['th', 'la'] as const) {
    const page = await browser.newPage();
    await openIn(page, stack.appUrl, '/howto', locale);
    const card = page.getByTestId('howto-video-enter-game');
    await card.waitFor();
    assert.match((await card.textContent()) ?? '', new RegExp(msg(locale, 'howto.enterGame')));
    await capture(page, `howto-${locale}`, locale);
    await card.click();
    const dialog = page.getByTestId('howto-dialog');
    await dialog.waitFor();
    assert.equal(await dialog.locator('h2').textContent(), msg(locale, 'howto.enterGame'));
    assert.equal(
      await dialog.locator('video').getAttribute('src'),
      `/howto/${locale}/enter-game.mp4`,
    );
    await capture(page, `howto-modal-${locale}`, locale);
    await dialog.getByRole('button', { name: msg(locale, 'common.close') }).click();
    await eventually(async () => assert.equal(await dialog.count(), 0));
    assert.equal(await activeTestId(page), 'howto-video-enter-game');
    await page.context().close();
  }
});

test('contact: sanitised text, QR fallback, link and name, version 1.1.14', async () => {
  const { stack, browser } = fx;
  const page = await browser.newPage();
  await openIn(page, stack.appUrl, '/contact', 'en');
  const contact = page.getByTestId('contact-page');
  await page.getByTestId('contact-text').waitFor();
  assert.match(
    (await page.getByTestId('contact-text').textContent()) ?? '',
    /Royal Wallet team is here 24 hours a day/,
  );
  assert.equal(
    await page.getByTestId('contact-text').locator('strong').textContent(),
    'Royal Wallet',
  );
  assert.equal(await contact.getAttribute('data-top-offset'), 'false');

  // The operator has no QR image: the local fallback is shown and really loads.
  const qr = page.getByTestId('contact-qr');
  await qr.waitFor();
  assert.equal(await qr.getAttribute('data-fallback'), 'true');
  await eventually(async () =>
    assert.ok(
      await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      `the fallback QR ${await qr.getAttribute('src')} does not load`,
    ),
  );
  assert.equal(await page.getByTestId('contact-line-name').textContent(), '@royalwallet');
  const link = page.getByTestId('contact-line-link');
  assert.equal(await link.getAttribute('href'), 'https://line.me/R/ti/p/@royalwallet');
  assert.match((await link.textContent()) ?? '', /@royalwallet/);
  assert.match((await page.getByTestId('app-version').textContent()) ?? '', /\b1\.1\.14\b/);
  await capture(page, 'contact-en', 'en');
  await page.context().close();
});

test('contact: operator HTML with scripts renders without running them; a broken QR falls back', async () => {
  const { stack, browser } = fx;
  const page = await browser.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.route('**/api/lookup/contact', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        contactText:
          '<p>Hello <b>there</b></p>' +
          '<script>window.__pwned = "script"; alert("script")</script>' +
          '<img src="/nope.png" onerror="window.__pwned = \'img\'; alert(\'img\')">' +
          '<a href="javascript:window.__pwned = \'link\'">click me</a>' +
          '<svg><script>window.__pwned = "svg"</script></svg>' +
          '<iframe src="javascript:alert(1)"></iframe>' +
          '<a href="https://example.org/help">help</a>',
        lineLink: 'javascript:alert(1)',
        lineName: 'Support',
        lineQR: `${stack.appUrl}/missing-qr.png`,
      }),
    }),
  );
  await openIn(page, stack.appUrl, '/contact', 'en');
  const text = page.getByTestId('contact-text');
  // The sanitiser keeps no id attributes: find the pieces by their text.
  await text.locator('p', { hasText: 'Hello there' }).waitFor();
  assert.equal(await text.locator('b').textContent(), 'there');
  const jsLink = text.locator('a', { hasText: 'click me' });
  await jsLink.click().catch(() => undefined);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => (window as { __pwned?: string }).__pwned ?? null), null);
  assert.deepEqual(dialogs, [], 'a script from the operator HTML ran');
  assert.equal(await text.locator('script, iframe, svg, [onerror]').count(), 0);
  const jsHref = await jsLink.getAttribute('href');
  assert.ok(!jsHref?.toLowerCase().startsWith('javascript:'), `href kept: ${jsHref}`);
  const help = text.locator('a', { hasText: 'help' });
  assert.equal(await help.getAttribute('href'), 'https://example.org/help');
  assert.match((await help.getAttribute('rel')) ?? '', /noopener/);
  // An unsafe link is not offered; the QR that fails to load is replaced by the fallback.
  assert.equal(await page.getByTestId('contact-line-link').count(), 0);
  const qr = page.getByTestId('contact-qr');
  await eventually(async () => assert.equal(await qr.getAttribute('data-fallback'), 'true'));
  await page.context().close();
});

test('contact in th and la, and /user/contact under the signed-in top bar', async () => {
  const { stack, browser } = fx;
  for (const locale of ['th', 'la'] as const) {
    const page = await browser.newPage();
    await openIn(page, stack.appUrl, '/contact', locale);
    await page.getByTestId('contact-text').waitFor();
    const expected = await apiCall<{ contactText: string }>(stack, 'GET', '/api/lookup/contact', {
      locale,
    });
    const first = /<p>(.*?)<\/p>/.exec(expected.body.contactText)?.[1]?.replace(/<[^>]+>/g, '');
    assert.ok(first);
    assert.ok(((await page.getByTestId('contact-text').textContent()) ?? '').includes(first));
    assert.equal(
      await page.getByTestId('app-version').textContent(),
      msg(locale, 'app.version', { version: '1.1.14' }),
    );
    await capture(page, `contact-${locale}`, locale);
    await page.context().close();
  }
  const page = await browser.newPage();
  await signIn(page, stack.appUrl, DEMO.phone, DEMO.password);
  await page.getByTestId('member-bottom-bar').locator('a[href="/user/contact"]').click();
  const contact = page.getByTestId('contact-page');
  await contact.waitFor();
  assert.equal(await contact.getAttribute('data-top-offset'), 'true');
  await page.getByTestId('member-top-bar').waitFor();
  await capture(page, 'member-contact-en', 'en');
  await page.context().close();
});

test('conditions modal: lists the operator conditions, locks page scroll, Escape closes it', async () => {
  const { stack, browser } = fx;
  for (const locale of LOCALES) {
    const page = await browser.newPage();
    await signIn(page, stack.appUrl, DEMO.phone, DEMO.password, { locale });
    const expected = await apiCall<string[]>(stack, 'GET', '/api/lookup/conditions', { locale });
    assert.ok(expected.body.length > 0, 'the seeded conditions are empty');

    const button = page.getByTestId('conditions-button');
    assert.equal(await bodyOverflow(page), '');
    await button.click();
    const dialog = page.getByTestId('conditions-dialog');
    await dialog.waitFor();
    const items = dialog.locator('ol > li');
    await items.first().waitFor();
    assert.equal(await items.count(), expected.body.length);
    const firstText = expected.body[0]!.replace(/<[^>]+>/g, '');
    assert.equal(await items.first().textContent(), firstText);
    assert.equal(await bodyOverflow(page), 'hidden', 'page scroll is not locked');
    // The page behind really does not scroll.
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assert.equal(await dialog.locator('h2').textContent(), msg(locale, 'conditions.title'));
    await capture(page, `conditions-${locale}`, locale);

    await page.keyboard.press('Escape');
    await eventually(async () => assert.equal(await dialog.count(), 0));
    assert.equal(await bodyOverflow(page), '', 'scroll stays locked after closing');
    assert.equal(await activeTestId(page), 'conditions-button');
    await page.context().close();
  }
});
