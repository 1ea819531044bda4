// The console's members section (issue 13, decision 0088): a support operator finds the demo
// member by bank account number, opens the page, sees the wallet and the statement, and adds
// a note; none of the change actions is offered to support. A cashier sees the actions and the
// deactivation asks for a reason. Screenshots at 1280 px and 768 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO } from '../support/api.js';
import { eventually } from '../support/app.js';
import { captureConsole, consoleMsg, consolePage, consoleSignIn } from '../support/console.js';
import { useJourneyFixture } from '../support/fixture.js';

const fx = useJourneyFixture();

async function openMembers(page: Page): Promise<void> {
  await page
    .locator('nav#console-nav a', { hasText: consoleMsg('th', 'nav.members') })
    .first()
    .click();
  await page.getByRole('heading', { level: 1, name: consoleMsg('th', 'nav.members') }).waitFor();
}

async function findDemoByAccount(page: Page): Promise<void> {
  await page.getByLabel(consoleMsg('th', 'members.search.label')).fill(DEMO.bankAccountNo);
  await page.getByLabel(consoleMsg('th', 'members.search.label')).press('Enter');
  await page.waitForURL(/[?&]q=/);
  const row = page.getByRole('row', {
    name: new RegExp(consoleMsg('th', 'members.search.open', { memberNo: '\\d+', name: '.*' })),
  });
  // The unsearched list shows first and the results replace it after a moment (loading, no
  // rows, in between): wait for the answer, not for the first row that matches.
  await eventually(async () =>
    assert.equal(await row.count(), 1, 'one member has the demo bank account'),
  );
  await row.first().click();
}

test('support finds the demo member by bank account, reads the page and adds a note', async () => {
  const { stack, browser } = fx;
  const page = await consolePage(browser);
  await consoleSignIn(page, stack, 'support');
  await openMembers(page);
  await findDemoByAccount(page);

  // The page: name, wallet card, the statement tab (the default), no change actions.
  await page
    .getByRole('heading', { level: 2, name: consoleMsg('th', 'members.page.wallet') })
    .waitFor();
  const balance = await page.locator('.member-balance').textContent();
  assert.match(balance ?? '', /\d+\.\d{2}/);
  await page
    .getByRole('tab', { name: consoleMsg('th', 'members.tabs.statement'), selected: true })
    .waitFor();
  await page.getByRole('table', { name: consoleMsg('th', 'members.captions.statement') }).waitFor();
  for (const action of ['deactivate', 'resetPassword', 'changeBank', 'adjust', 'reactivate']) {
    assert.equal(
      (await page
        .getByRole('button', { name: consoleMsg('th', `members.actions.${action}`) })
        .count()) +
        (await page
          .getByRole('link', { name: consoleMsg('th', `members.actions.${action}`) })
          .count()),
      0,
      `${action} is not offered to support`,
    );
  }
  await captureConsole(page, 'members-support-1280');

  // A note: support hands over.
  await page.getByRole('tab', { name: consoleMsg('th', 'members.tabs.notes') }).click();
  const note = `โทรมาเรื่องยอดฝาก ${Date.now()}`;
  await page.getByLabel(consoleMsg('th', 'members.notes.label')).fill(note);
  await page.getByRole('button', { name: consoleMsg('th', 'members.notes.add') }).click();
  const notes = page.getByRole('table', { name: consoleMsg('th', 'members.notes.caption') });
  await notes.getByRole('cell', { name: note }).waitFor();
  await notes.getByRole('cell', { name: 'support', exact: true }).first().waitFor();
  // Sessions: no sign-out button for support.
  await page.getByRole('tab', { name: consoleMsg('th', 'members.tabs.sessions') }).click();
  await page.getByRole('table', { name: consoleMsg('th', 'members.captions.sessions') }).waitFor();
  assert.equal(
    await page.getByRole('button', { name: consoleMsg('th', 'members.actions.revoke') }).count(),
    0,
  );
  await page.setViewportSize({ width: 768, height: 900 });
  await page.getByRole('tab', { name: consoleMsg('th', 'members.tabs.notes') }).click();
  await captureConsole(page, 'members-support-notes-768');
  // In English too.
  await page.getByLabel(consoleMsg('th', 'language.label')).selectOption('en');
  await page
    .getByRole('tab', { name: consoleMsg('en', 'members.tabs.notes'), selected: true })
    .waitFor();
  await page
    .getByRole('table', { name: consoleMsg('en', 'members.notes.caption') })
    .getByRole('cell', { name: note })
    .waitFor();
  await captureConsole(page, 'members-support-notes-en-768');
});

test('cashier sees the actions; deactivation asks for a reason (cancelled)', async () => {
  const { stack, browser } = fx;
  const page = await consolePage(browser);
  await consoleSignIn(page, stack, 'cashier');
  await openMembers(page);
  // At 768 px the navigation folds into a menu: the section is opened first, then narrowed.
  await page.setViewportSize({ width: 768, height: 900 });
  await captureConsole(page, 'members-search-768');
  await findDemoByAccount(page);
  const deactivate = page.getByRole('button', {
    name: consoleMsg('th', 'members.actions.deactivate'),
  });
  await deactivate.waitFor();
  await page.getByRole('link', { name: consoleMsg('th', 'members.actions.adjust') }).waitFor();
  await captureConsole(page, 'members-cashier-768');
  await deactivate.click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog
    .getByRole('button', { name: consoleMsg('th', 'members.actions.deactivate') })
    .click();
  await dialog.getByText(consoleMsg('th', 'dialog.reasonRequired')).waitFor();
  await page.setViewportSize({ width: 1280, height: 800 });
  await captureConsole(page, 'members-deactivate-dialog-1280');
  await dialog.getByRole('button', { name: consoleMsg('th', 'dialog.cancel') }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await deactivate.evaluate((el) => el === document.activeElement), true);
});
