// Player protection in the console (issue 28, decisions 0139 and 0146): a support operator
// opens a member's Protection tab, applies the time-out the member asked for (duration,
// reason, confirmation) and reads it in the history; a member who deposits five times in a
// day shows in the markers-of-harm queue, support adds a note and marks them contacted, and
// the dashboard's count of members to contact drops by one. The history reads in words in
// th and en (the change, who, money and durations; never a stored code), and the queue pages
// 20 members at a time; both are looked at at 360 and 1280 px in th and en.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi, operatorLoginAs, registerMemberApi } from '../support/api.js';
import { eventually } from '../support/app.js';
import {
  captureConsole,
  consoleMsg,
  type ConsoleLang,
  consolePage,
  consoleSignIn,
  memberRows,
  openConsoleSection,
} from '../support/console.js';
import { useJourneyFixture } from '../support/fixture.js';
import { memberIdOf } from '../support/money.js';
import { depositByQr } from '../support/promotions.js';

// The paging scene registers 21 members: the per-address limits of a single test client
// (whose own tests are the server's) would refuse most of them.
const fx = useJourneyFixture({
  env: {
    RATE_LIMIT_OTP_PER_MIN: '100',
    RATE_LIMIT_REGISTER_PER_MIN: '100',
    RATE_LIMIT_LOGIN_PER_MIN: '100',
  },
});

/** The words of a limit in the history, e.g. "Deposit limit per day". */
const limitName = (lang: ConsoleLang, kind: 'deposit' | 'loss', period: 'day' | 'week') =>
  consoleMsg(lang, 'members.protection.history.limitName', {
    kind: consoleMsg(lang, `members.protection.limitKind.${kind}`),
    period: consoleMsg(lang, `members.protection.period.${period}`),
  });

/** Switches the console's language from its header (at a width where the header shows it). */
async function switchLanguage(page: Page, from: ConsoleLang, to: ConsoleLang): Promise<void> {
  await page.getByLabel(consoleMsg(from, 'language.label')).selectOption(to);
  await page.locator(`html[lang="${to}"]`).waitFor({ state: 'attached' });
}

/** Screenshots the screen at 1280 and 360 px, ending back at 1280. */
async function captureBothWidths(page: Page, name: string): Promise<void> {
  // From the top: a full-page picture of a scrolled page draws the sticky bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureConsole(page, `${name}-1280`);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureConsole(page, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

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
  // The member sets a daily deposit limit, then asks to raise it (waits 24 hours).
  const memberToken = await loginApi(stack, member.phone, member.password);
  for (const amount of [1000, 5000]) {
    const set = await apiCall(stack, 'PUT', '/api/protection/limits', {
      token: memberToken,
      body: { kind: 'deposit', period: 'day', amount },
    });
    assert.equal(set.status, 200);
  }
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
  // Nothing shortens or lifts it.
  assert.equal(await page.getByRole('button', { name: /ยกเลิกการพัก|lift/i }).count(), 0);
  // The history in words, in each language: what changed, who, old and new values.
  const blockKind = (lang: ConsoleLang) =>
    consoleMsg(lang, 'members.protection.blockKind.time_out');
  for (const lang of ['th', 'en'] as const) {
    const inWords = page.getByRole('table', {
      name: consoleMsg(lang, 'members.protection.historyCaption'),
    });
    const m = (key: string, params: Record<string, string | number> = {}) =>
      consoleMsg(lang, `members.protection.${key}`, params);
    const timeOutRow = inWords.getByRole('row').filter({ hasText: reason });
    await timeOutRow.getByRole('cell', { name: m('history.change.timeOut') }).waitFor();
    await timeOutRow
      .getByRole('cell', { name: m('history.byOperator', { name: 'support' }) })
      .waitFor();
    await timeOutRow.getByRole('cell', { name: m('noBlock'), exact: true }).waitFor();
    await timeOutRow
      .getByRole('cell', {
        name: new RegExp(
          `^${m('history.blockFor', { block: blockKind(lang), duration: m('duration.7d'), until: 'X' }).replace(/X$/, '')}`,
        ),
      })
      .waitFor();
    const limit = limitName(lang, 'deposit', 'day');
    const raise = inWords
      .getByRole('row')
      .filter({ hasText: m('history.change.limitPending', { limit }) });
    await raise.getByRole('cell', { name: m('history.byMember'), exact: true }).waitFor();
    await raise.getByRole('cell', { name: /^1,000\.00, .*5,000\.00/ }).waitFor();
    await inWords
      .getByRole('row')
      .filter({ hasText: m('history.change.limit', { limit }) })
      .getByRole('cell', { name: '1,000.00', exact: true })
      .waitFor();
    assert.equal(await inWords.getByText(/time_out|limit:\w|operator:\d|member:\d/).count(), 0);
    await captureBothWidths(page, `protection-tab-${lang}`);
    if (lang === 'th') await switchLanguage(page, 'th', 'en');
  }
  await switchLanguage(page, 'en', 'th');
  // The member is blocked.
  const state = await apiCall<{ block: { kind: string } | null }>(stack, 'GET', '/api/protection', {
    token: memberToken,
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
  const row = memberRows(page.getByRole('row'), memberNo);
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

test('the queue pages 20 members at a time, in th and en, at 360 and 1280 px', async () => {
  const { stack, browser } = fx;
  const admin = await operatorLoginAs(stack, 'admin');
  const settings = await apiCall<Record<string, number>>(
    stack,
    'GET',
    '/api/operator/harm/settings',
    { token: admin },
  );
  assert.equal(settings.status, 200);
  // One limit raise flags a member (the admin's threshold), so 21 members make two pages.
  const lowered = await apiCall(stack, 'PUT', '/api/operator/harm/settings', {
    token: admin,
    body: { ...settings.body, limitRaises: 1 },
  });
  assert.equal(lowered.status, 200);
  try {
    // Three at a time (each waits on the sandbox's SMS inbox more than on the server).
    const raiser = async (i: number) => {
      const member = await registerMemberApi(stack, { name: `Raiser ${i}` });
      const token = await loginApi(stack, member.phone, member.password);
      // A first limit, then a raise (which waits its 24 h: still a request that flags).
      for (const amount of [100, 200]) {
        const set = await apiCall(stack, 'PUT', '/api/protection/limits', {
          token,
          body: { kind: 'loss', period: 'week', amount },
        });
        assert.equal(set.status, 200, `limit ${amount}: ${JSON.stringify(set.body)}`);
      }
    };
    for (let i = 0; i < 21; i += 3) await Promise.all([i, i + 1, i + 2].map(raiser));
    const support = await operatorLoginAs(stack, 'support');
    const all = await apiCall<{ total: number; rows: unknown[] }>(
      stack,
      'GET',
      '/api/operator/harm?pageSize=200',
      { token: support },
    );
    const pages = Math.ceil(all.body.total / 20);
    assert.ok(all.body.total > 20, `two pages at least (${all.body.total} flagged)`);

    const page = await consolePage(browser);
    await consoleSignIn(page, stack, 'support');
    await openConsoleSection(page, 'th', 'harm');
    for (const lang of ['th', 'en'] as const) {
      const table = page.getByRole('table', { name: consoleMsg(lang, 'harm.caption') });
      const rows = table.locator('tbody tr');
      const pager = page.getByRole('navigation', { name: consoleMsg(lang, 'pager.label') });
      const status = (n: number) =>
        consoleMsg(lang, 'pager.pageOf', { page: n, pages: String(pages) });
      await pager.getByText(status(1)).waitFor();
      await eventually(async () => assert.equal(await rows.count(), 20));
      await page
        .getByText(consoleMsg(lang, 'harm.marker.limitRaises', { figure: 1, threshold: 1 }))
        .first()
        .waitFor();
      const first = await rows.first().textContent();
      await pager.getByRole('button', { name: consoleMsg(lang, 'pager.next') }).click();
      await pager.getByText(status(2)).waitFor();
      await eventually(async () => assert.notEqual(await rows.first().textContent(), first));
      await captureBothWidths(page, `protection-harm-page2-${lang}`);
      await pager.getByRole('button', { name: consoleMsg(lang, 'pager.previous') }).click();
      await pager.getByText(status(1)).waitFor();
      await eventually(async () => assert.equal(await rows.first().textContent(), first));
      await captureBothWidths(page, `protection-harm-page1-${lang}`);
      if (lang === 'th') await switchLanguage(page, 'th', 'en');
    }
  } finally {
    await apiCall(stack, 'PUT', '/api/operator/harm/settings', {
      token: admin,
      body: settings.body,
    });
  }
});
