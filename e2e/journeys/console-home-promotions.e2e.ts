// Issue 26, "What Thai wallet sites have that we lack" (decisions 0134, 0135): a marketing
// operator sets the member home's announcement line and a new first banner slide in the
// console (the form first refuses a slide without its Thai picture description); a member
// already on the home in Thai at 360 px sees both at the next load: the line read once, the
// slide first with its Thai picture, its description and its link, which opens the spin
// wheel. The carousel moves by keys and turns by itself, but not for a member who prefers
// reduced motion, whose line stands still. axe finds nothing on the home or the tab.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { registerMemberApi } from '../support/api.js';
import { appReady, capture, eventually, signIn, waitForPath } from '../support/app.js';
import {
  captureConsole,
  consoleMsg,
  consolePage,
  consoleSignIn,
  expectAccessible,
  openConsoleSection,
} from '../support/console.js';
import { useJourneyFixture } from '../support/fixture.js';

const fx = useJourneyFixture();
const th = (key: string, params?: Record<string, string | number>) => consoleMsg('th', key, params);

const LINE = 'ประกาศจากคอนโซล: ฝากถอนไม่มีขั้นต่ำ ตลอด 24 ชั่วโมง';
const ALT = {
  th: 'หมุนวงล้อรับเหรียญฟรี ทดสอบจากคอนโซล',
  la: 'ໝຸນວົງລໍ້ຮັບຫຼຽນຟຣີ',
  en: 'Spin the wheel for free coins',
};

/** The shown slide's index and the current dot, once the strip has settled. */
async function shownSlide(page: Page): Promise<{ slide: string | null; dot: number }> {
  const slide = await page
    .locator('[data-testid="home-banner"][aria-hidden="false"]')
    .getAttribute('data-index');
  const dot = await page
    .getByTestId('home-banner-dot')
    .evaluateAll((dots) => dots.findIndex((d) => d.getAttribute('aria-current') === 'true'));
  return { slide, dot };
}

test('marketing sets the home line and a first slide; a Thai member sees them at 360 px', async () => {
  const { stack, browser } = fx;
  // The member's home is open first, with the seeded board.
  const member = await registerMemberApi(stack);
  const phone = await browser.newPage();
  // The slides turn on a timer: the journey runs this page's clock on (Playwright's fake
  // timers, flowing as usual otherwise) instead of waiting the 5 s out.
  await phone.clock.install();
  await signIn(phone, stack.appUrl, member.phone, member.password, { locale: 'th' });
  await phone.getByTestId('home-banners').waitFor();
  assert.equal(await phone.getByTestId('home-banner').count(), 3);
  assert.match(
    (await phone.getByTestId('home-announcement-text').textContent()) ?? '',
    /^ยินดีต้อนรับสู่/,
  );

  // The console: Promotions -> Member home.
  const page = await consolePage(browser);
  await consoleSignIn(page, stack, 'marketing');
  await openConsoleSection(page, 'th', 'promotions');
  await page.getByRole('tab', { name: th('promotions.tabs.home') }).click();
  const lineForm = page.getByTestId('announcement-form');
  const slidesForm = page.getByTestId('home-banners-form');
  await slidesForm.waitFor();
  assert.equal(await slidesForm.getByTestId('home-slide').count(), 3);

  // The line.
  await page.getByTestId('announcement-text-th').fill(LINE);
  await lineForm.getByRole('button', { name: th('promotions.form.save') }).click();
  await page.getByRole('status').getByText(th('promotions.form.saved')).first().waitFor();
  await eventually(async () =>
    assert.match((await lineForm.getByTestId('home-last-change').textContent()) ?? '', /marketing/),
  );

  // A new slide: the spin wheel's stock pictures, linked to the wheel, moved to the top. Its
  // Thai description is left out first: the form names the field and sends nothing.
  await slidesForm.getByTestId('home-slide-add').click();
  const added = slidesForm.getByTestId('home-slide').nth(3);
  await added.getByTestId('home-slide-picture').selectOption('spin');
  await added.getByTestId('home-slide-link').selectOption('/user/spin');
  await page.getByTestId('home-slide-3-alt-la').fill(ALT.la);
  await page.getByTestId('home-slide-3-alt-en').fill(ALT.en);
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/operator/settings/banners'))
      saves.push(r.url());
  });
  await slidesForm.getByRole('button', { name: th('promotions.form.save') }).click();
  await slidesForm.getByRole('alert').getByText(th('promotions.form.invalid')).waitFor();
  const thAlt = page.getByTestId('home-slide-3-alt-th');
  assert.equal(await thAlt.getAttribute('aria-invalid'), 'true');
  assert.equal(saves.length, 0);
  await thAlt.fill(ALT.th);
  for (let n = 4; n > 1; n -= 1)
    await slidesForm.getByRole('button', { name: th('promotions.home.moveUp', { n }) }).click();
  // The new slide is first now; the seeded cashback slide is last.
  assert.equal(await page.getByTestId('home-slide-0-alt-th').inputValue(), ALT.th);
  assert.match(await page.getByTestId('home-slide-3-alt-th').inputValue(), /^คืนยอดเสีย/);
  await slidesForm.getByRole('button', { name: th('promotions.form.save') }).click();
  await page.getByRole('status').getByText(th('promotions.form.saved')).first().waitFor();
  await eventually(async () =>
    assert.match(
      (await slidesForm.getByTestId('home-last-change').textContent()) ?? '',
      /marketing/,
    ),
  );
  assert.equal(saves.length, 1);
  await captureConsole(page, 'promotions-home-th');
  await expectAccessible(page, 'promotions home tab th');
  await page.getByLabel(th('language.label')).selectOption('en');
  await page.getByRole('tab', { name: consoleMsg('en', 'promotions.tabs.home') }).waitFor();
  await captureConsole(page, 'promotions-home-en');

  // The member's next load of the home shows both.
  await phone.reload();
  await appReady(phone);
  const line = phone.getByRole('region', { name: /ประกาศ/ });
  await line.waitFor();
  assert.equal(await phone.getByTestId('home-announcement-text').textContent(), LINE);
  assert.equal(await line.getAttribute('data-motion'), 'running');
  const carousel = phone.getByTestId('home-banners');
  await carousel.waitFor();
  assert.equal(await phone.getByTestId('home-banner').count(), 4);
  const first = phone.getByTestId('home-banner').first();
  const picture = first.locator('img');
  assert.equal(await picture.getAttribute('alt'), ALT.th);
  assert.match(
    (await picture.getAttribute('src')) ?? '',
    /\/api\/promotions\/art\/home-spin-th\.jpg$/,
  );
  assert.equal(await picture.getAttribute('loading'), 'eager');
  assert.equal(
    await phone.getByTestId('home-banner').nth(1).locator('img').getAttribute('loading'),
    'lazy',
  );
  // The picture arrived (the stock slides are built with the artwork) in its 2:1 box.
  await carousel.scrollIntoViewIfNeeded();
  await eventually(async () =>
    assert.ok(
      await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 720),
    ),
  );
  const box = (await first.boundingBox())!;
  assert.ok(Math.abs(box.width / box.height - 2) < 0.02, `${box.width} x ${box.height}`);
  await capture(phone, 'home-promotions-th', 'th');
  await expectAccessible(phone, 'member home with the promotion board th');

  // Keys move it and the strip settles on the same slide; it also turns by itself.
  await first.locator('a').focus();
  await phone.keyboard.press('ArrowRight');
  await eventually(async () => assert.deepEqual(await shownSlide(phone), { slide: '1', dot: 1 }));
  await phone.waitForTimeout(600);
  assert.deepEqual(await shownSlide(phone), { slide: '1', dot: 1 });
  await phone.keyboard.press('End');
  await eventually(async () => assert.deepEqual(await shownSlide(phone), { slide: '3', dot: 3 }));
  // Focus leaves the carousel: it turns again after 5 s (to the first slide: it wraps).
  await phone.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await phone.mouse.move(0, 0);
  await eventually(async () => assert.equal(await carousel.getAttribute('data-turning'), 'true'));
  await phone.clock.runFor(5_000);
  // The turn's timer is set by an effect, which Preact runs after the next paint: on a busy
  // machine that can come after the clock ran on (a CI run stayed on the last slide). The
  // clock runs on a second at a time until the turn shows; one more turn needs 5 s more.
  await eventually(async () => {
    if ((await shownSlide(phone)).slide !== '0') await phone.clock.runFor(1_000);
    assert.deepEqual(await shownSlide(phone), { slide: '0', dot: 0 });
  }, 9_000);
  // A tap on the first slide opens the spin wheel.
  await first.click();
  await waitForPath(phone, '/user/spin');

  // A member who prefers reduced motion: the line stands still, the slides do not turn.
  const calm = await browser.newContext();
  const still = await calm.newPage();
  await still.clock.install();
  await still.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(still, stack.appUrl, member.phone, member.password, { locale: 'th' });
  const stillLine = still.getByTestId('home-announcement');
  await stillLine.waitFor();
  assert.equal(await stillLine.getAttribute('data-motion'), 'still');
  assert.equal(await still.getByTestId('home-banners').getAttribute('data-turning'), 'false');
  assert.equal(await still.getByTestId('home-banners-pause').count(), 0);
  // More than a turn's time passes on the page's clock: every timer due in it fires.
  await still.clock.runFor(6_000);
  assert.deepEqual(await shownSlide(still), { slide: '0', dot: 0 });
  await capture(still, 'home-promotions-reduced-motion-th', 'th');
  await calm.close();
});
