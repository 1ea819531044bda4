// Player protection in the console (issue 28, decisions 0139 and 0146): a support operator
// opens a member's Protection tab, applies the time-out the member asked for (duration,
// reason, confirmation) and reads it in the history; a member who deposits five times in a
// day shows in the markers-of-harm queue, support adds a note and marks them contacted, and
// the dashboard's count of members to contact drops by one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi, operatorLoginAs, registerMemberApi } from '../support/api.js';
import { eventually } from '../support/app.js';
import {
  captureConsole,
  consoleMsg,
  consolePage,
  consoleSignIn,
  openConsoleSection,
} from '../support/console.js';
import { useJourneyFixture } from '../support/fixture.js';
import { memberIdOf } from '../support/money.js';
import { depositByQr } from '../support/promotions.js';

const fx = useJourneyFixture();

async function openMember(page: Page, memberNo: string, name: string): Promise<void> {
  await openConsoleSection(page, 'th', 'members');
  await page.getByRole('heading', { level: 1, name: consoleMsg('th', 'nav.members') }).waitFor();
  await page.getByLabel(consoleMsg('th', 'members.search.label')).fill(memberNo);
  await page.getByLabel(consoleMsg('th', 'members.search.label')).press('Enter');
  await page
    .getByRole('row', { name: consoleMsg('th', 'members.search.open', { memberNo, name }) })
    .click();
}

test('support applies a time-out the member asked for and reads it in the history', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack, { name: 'Protect Me' });
  const memberNo = await memberIdOf(stack, member.phone, member.password);
  const page = await consolePage(browser);
  await consoleSignIn(page, stack, 'support');
  await openMember(page, memberNo, 'Protect Me');
  await page.getByRole('tab', { name: consoleMsg('th', 'members.tabs.protection') }).click();
  const block = page.getByTestId('protection-block');
  await block.getByText(consoleMsg('th', 'members.protection.noBlock')).waitFor();

  await page
    .getByRole('button', { name: consoleMsg('th', 'members.protection.applyTimeOut') })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(consoleMsg('th', 'members.protection.durationLabel')).selectOption('7d');
  const reason = `สมาชิกโทรมาขอพัก ${Date.now()}`;
  await dialog.getByLabel(consoleMsg('th', 'members.protection.reasonLabel')).fill(reason);
  await dialog.getByRole('button', { name: consoleMsg('th', 'members.protection.next') }).click();
  await dialog.getByRole('alert').waitFor();
  await captureConsole(page, 'protection-confirm-1280');
  await dialog
    .getByRole('button', { name: consoleMsg('th', 'members.protection.confirm') })
    .click();
  await dialog.waitFor({ state: 'detached' });
  await block
    .getByText(new RegExp(consoleMsg('th', 'members.protection.blockKind.time_out')))
    .waitFor();
  const history = page.getByRole('table', {
    name: consoleMsg('th', 'members.protection.historyCaption'),
  });
  await history.getByRole('cell', { name: reason }).waitFor();
  await history.getByRole('cell', { name: 'time_out' }).first().waitFor();
  // Nothing shortens or lifts it.
  assert.equal(await page.getByRole('button', { name: /ยกเลิกการพัก|lift/i }).count(), 0);
  await captureConsole(page, 'protection-tab-1280');
  // The member is blocked.
  const token = await loginApi(stack, member.phone, member.password);
  const state = await apiCall<{ block: { kind: string } | null }>(stack, 'GET', '/api/protection', {
    token,
  });
  assert.equal(state.body.block?.kind, 'time_out');
});

test('a member with five deposits in a day is in the queue; a note and contacted drop the count', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack, { name: 'Busy Depositor' });
  const memberNo = await memberIdOf(stack, member.phone, member.password);
  const token = await loginApi(stack, member.phone, member.password);
  // Different amounts: a QR of the same amount may still be the one just paid.
  for (let i = 0; i < 5; i += 1) await depositByQr(stack, token, 100 + i);
  const support = await operatorLoginAs(stack, 'support');
  const toContact = async () =>
    (
      await apiCall<{ needsContact: number }>(stack, 'GET', '/api/operator/harm', {
        token: support,
      })
    ).body.needsContact;
  const before = await toContact();
  assert.ok(before >= 1, 'the member is flagged');

  const page = await consolePage(browser);
  await consoleSignIn(page, stack, 'support');
  const card = page.getByTestId('harm-count').locator('.stat-card-value');
  await eventually(async () => assert.equal((await card.textContent())?.trim(), String(before)));
  await captureConsole(page, 'protection-dashboard-before-1280');

  await openConsoleSection(page, 'th', 'harm');
  await page.getByRole('heading', { level: 1, name: consoleMsg('th', 'nav.harm') }).waitFor();
  const row = page.getByRole('row').filter({ hasText: memberNo });
  await row
    .getByText(consoleMsg('th', 'harm.marker.depositsPerDay', { figure: 5, threshold: 5 }))
    .waitFor();
  await row.locator('.status-badge', { hasText: consoleMsg('th', 'harm.needsContact') }).waitFor();

  await page
    .getByRole('button', { name: consoleMsg('th', 'harm.addNoteFor', { memberNo }) })
    .click();
  const note = `โทรคุยแล้ว แนะนำวงเงินฝาก ${Date.now()}`;
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(consoleMsg('th', 'harm.noteLabel')).fill(note);
  await dialog.getByRole('button', { name: consoleMsg('th', 'harm.addNote') }).click();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText(note).waitFor();

  await page
    .getByRole('button', { name: consoleMsg('th', 'harm.markContactedFor', { memberNo }) })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: consoleMsg('th', 'harm.markContacted') })
    .click();
  await row
    .locator('.status-badge', { hasText: consoleMsg('th', 'harm.contactedState') })
    .waitFor();
  await row
    .getByText(/support/)
    .first()
    .waitFor();
  await captureConsole(page, 'protection-harm-queue-1280');

  assert.equal(await toContact(), before - 1);
  await openConsoleSection(page, 'th', 'dashboard');
  await eventually(async () =>
    assert.equal((await card.textContent())?.trim(), String(before - 1)),
  );
  await captureConsole(page, 'protection-dashboard-after-1280');
});
