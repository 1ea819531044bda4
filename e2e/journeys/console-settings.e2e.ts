// Settings in the operator console (issue 13, decision 0093): an admin changes the Thai bonus
// notice on the Content tab (th / la / en side by side), saves (confirmation toast, the last
// change names the admin), and the member app, already open and never restarted, shows the
// new notice at its next look. The Money and Site tabs show the admin's settings; a
// marketing operator sees the content only. axe finds nothing on the three tabs (th) and the
// content tab (en). Screenshots at 1280 px and 768 px, th and en.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { registerMemberApi } from '../support/api.js';
import { appReady, eventually, signIn } from '../support/app.js';
import {
  captureConsole,
  consoleMsg,
  consolePage,
  consoleSignIn,
  openConsoleSection,
} from '../support/console.js';
import { useJourneyFixture } from '../support/fixture.js';

const fx = useJourneyFixture();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** axe-core (WCAG 2 A/AA and best practices) finds nothing on the page as it is. */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  assert.deepEqual(found, [], `${screen}: ${JSON.stringify(found, null, 1)}`);
}

const NEW_NOTICE = 'ประกาศใหม่จากคอนโซล: ถอนก่อนทำเทิร์นครบ โบนัสจะถูกหักคืน (%percentFail%%)';

/** The member's bonus page with the first bonus card's dialog open; answers its notice. */
async function memberNotice(page: Page, fromHome: boolean): Promise<string> {
  if (fromHome) await page.getByTestId('tile-bonus-conditions').click();
  await page.getByTestId('bonus-page').waitFor();
  await page.getByTestId('bonus-card').first().click();
  const notice = page.getByTestId('bonus-notice');
  await notice.waitFor();
  return ((await notice.textContent()) ?? '').trim();
}

test('admin changes the Thai notice in the console; the member app shows it without a restart', async () => {
  const { stack, browser } = fx;
  // The member app is open first, showing the seeded notice.
  const member = await registerMemberApi(stack);
  const phone = await browser.newPage();
  await signIn(phone, stack.appUrl, member.phone, member.password, { locale: 'th' });
  const before = await memberNotice(phone, true);
  assert.ok(before.length > 0 && !before.includes('ประกาศใหม่'), before);

  const page = await consolePage(browser);
  await consoleSignIn(page, stack, 'admin');
  await openConsoleSection(page, 'th', 'settings');
  const card = page.getByTestId('setting-notice');
  await card.waitFor();
  const tabs = page.getByRole('tab');
  assert.deepEqual(await tabs.allTextContents(), [
    consoleMsg('th', 'settings.groups.content'),
    consoleMsg('th', 'settings.groups.money'),
    consoleMsg('th', 'settings.groups.site'),
  ]);
  // th, la and en side by side, each labelled by its language.
  for (const lang of ['th', 'la', 'en'] as const)
    await card.getByLabel(consoleMsg('th', `settings.langs.${lang}`), { exact: true }).waitFor();
  assert.equal(
    (await card.locator('.setting-change').textContent())?.trim(),
    consoleMsg('th', 'settings.neverChanged'),
  );
  // The contact text's preview shows HTML through the member app's allowlist: markup kept,
  // script and handlers gone. Discarding the edit puts the stored text back.
  const contact = page.getByTestId('setting-contact');
  await page
    .getByTestId('contact-text-en')
    .fill(
      '<p>Hi <strong>there</strong><img src=x onerror="alert(1)"><script>alert(2)</script></p>',
    );
  const preview = contact.getByTestId('html-preview').nth(2);
  await eventually(async () =>
    assert.equal(await preview.innerHTML(), '<p>Hi <strong>there</strong></p>'),
  );
  await contact.getByRole('button', { name: consoleMsg('th', 'settings.reset') }).click();
  assert.match(await preview.innerHTML(), /Royal Wallet/);
  await captureConsole(page, 'settings-content-th');
  await expectAccessible(page, 'settings content th');

  await page.getByTestId('notice-th').fill(NEW_NOTICE);
  await card.getByRole('button', { name: consoleMsg('th', 'settings.save') }).click();
  await page
    .getByRole('status')
    .getByText(
      consoleMsg('th', 'settings.saved', { name: consoleMsg('th', 'settings.notice.title') }),
    )
    .waitFor();
  await eventually(async () =>
    assert.match((await card.locator('.setting-change').textContent()) ?? '', /admin/),
  );

  // The member app: same server process, next look at the notice (a reload of the bonus page).
  await phone.reload();
  await appReady(phone);
  assert.equal(await memberNotice(phone, false), NEW_NOTICE.replace('%percentFail%', '10'));

  // The other groups (admin only), then 768 px and English.
  await page.getByRole('tab', { name: consoleMsg('th', 'settings.groups.money') }).click();
  await page.getByTestId('setting-withdraw').waitFor();
  await captureConsole(page, 'settings-money-th');
  await expectAccessible(page, 'settings money th');
  await page.getByRole('tab', { name: consoleMsg('th', 'settings.groups.site') }).click();
  await page.getByTestId('setting-terminated').waitFor();
  await captureConsole(page, 'settings-site-th');
  await expectAccessible(page, 'settings site th');
  await page.getByRole('tab', { name: consoleMsg('th', 'settings.groups.content') }).click();
  await page.setViewportSize({ width: 768, height: 1000 });
  await card.waitFor();
  await captureConsole(page, 'settings-content-th-768');
  await page.getByLabel(consoleMsg('th', 'language.label')).selectOption('en');
  await page.getByRole('tab', { name: consoleMsg('en', 'settings.groups.money') }).click();
  await page.getByTestId('setting-deposit').waitFor();
  await captureConsole(page, 'settings-money-en-768');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('tab', { name: consoleMsg('en', 'settings.groups.content') }).click();
  await captureConsole(page, 'settings-content-en');
  await expectAccessible(page, 'settings content en');
  await page.context().close();
  await phone.context().close();
});

test('a marketing operator sees and changes the content only', async () => {
  const { stack, browser } = fx;
  const page = await consolePage(browser);
  await consoleSignIn(page, stack, 'marketing');
  await openConsoleSection(page, 'th', 'settings');
  await page.getByTestId('setting-notice').waitFor();
  assert.equal(await page.getByRole('tab').count(), 0);
  assert.equal(await page.getByTestId('setting-withdraw').count(), 0);
  assert.equal(await page.getByTestId('setting-terminated').count(), 0);
  // The last change of the notice (the first test's admin) is shown to marketing too.
  assert.match(
    (await page.getByTestId('setting-notice').locator('.setting-change').textContent()) ?? '',
    /admin/,
  );
  await captureConsole(page, 'settings-marketing-th');
  await page.context().close();
});
