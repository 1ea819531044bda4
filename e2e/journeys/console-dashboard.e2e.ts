// The console's dashboard, reports and audit log (issue 13, decision 0094): the admin sees
// today's deposit count rise after a member's QR deposit (refresh); support sees counts
// only; the reports show the day's figures and the ledger check, and the CSV button saves a
// UTF-8 file with a BOM; the audit log finds the adjustment and opens its before/after; its
// actions read as words of the console's language (the stored action in the row's details),
// its table fits at 1280 px, and member:<number> finds that member's rows (issue 26).
// axe finds nothing on the three screens; screenshots in th and en at 1280 px and 768 px.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { loginApi, registerMemberApi } from '../support/api.js';
import { eventually } from '../support/app.js';
import {
  captureConsole,
  consoleMsg,
  consolePage,
  consoleSignIn,
  openConsoleSection,
  type ConsoleLang,
} from '../support/console.js';
import { useJourneyFixture } from '../support/fixture.js';
import { fundMember } from '../support/money.js';
import { depositByQr } from '../support/promotions.js';

const fx = useJourneyFixture();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

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
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  assert.deepEqual(found, [], `${screen}: axe violations`);
}

async function signedIn(
  role: 'admin' | 'support' | 'cashier',
  lang: ConsoleLang,
  width = 1280,
): Promise<Page> {
  const page = await consolePage(fx.browser, { width, height: 900 });
  await page.addInitScript((chosen) => localStorage.setItem('console.lang', chosen), lang);
  // consoleSignIn waits for a fresh step when earlier sign-ins spent this one's codes.
  await consoleSignIn(page, fx.stack, role);
  return page;
}

/** The number in the detail line of today's deposits card ("3 transactions"). */
async function todaysDepositCount(page: Page, lang: ConsoleLang): Promise<number> {
  const today = page.getByRole('region', { name: consoleMsg(lang, 'dashboard.today') });
  const card = today.getByRole('region', { name: consoleMsg(lang, 'dashboard.deposits') });
  const detail = (await card.locator('.stat-card-detail').textContent()) ?? '';
  return Number(detail.replace(/[^0-9]/g, ''));
}

test('the admin sees a deposit arrive on the dashboard, in the reports and the audit log', async () => {
  const member = await registerMemberApi(fx.stack);
  const memberNo = await fundMember(fx.stack, member, 100);
  const token = await loginApi(fx.stack, member.phone, member.password);

  const page = await signedIn('admin', 'th');
  await page.getByRole('heading', { level: 1, name: consoleMsg('th', 'nav.dashboard') }).waitFor();
  const before = await todaysDepositCount(page, 'th');
  await depositByQr(fx.stack, token, 500);
  await page.getByRole('button', { name: consoleMsg('th', 'dashboard.refresh') }).click();
  await eventually(async () => assert.equal(await todaysDepositCount(page, 'th'), before + 1));
  await expectAccessible(page, 'dashboard th');
  await captureConsole(page, 'dashboard-th-1280');

  // Reports: today's row has the deposit; the ledger balances; the CSV is Excel's.
  await openConsoleSection(page, 'th', 'reports');
  const table = page.getByRole('table', { name: /ยอดเงินและสมาชิกใหม่รายวัน/ });
  await table.waitFor();
  await eventually(async () =>
    assert.match((await table.locator('tbody').textContent()) ?? '', /500\.00/),
  );
  await expectAccessible(page, 'reports th');
  await captureConsole(page, 'reports-daily-th-1280');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: consoleMsg('th', 'reports.downloadCsv') }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^daily-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await file.path())!);
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  assert.ok(bytes.subarray(3).toString('utf8').startsWith('วันที่,'));
  await page.getByRole('tab', { name: consoleMsg('th', 'reports.tabLedger') }).click();
  await page.getByText(consoleMsg('th', 'reports.checkOk')).waitFor();
  await expectAccessible(page, 'ledger th');
  await captureConsole(page, 'reports-ledger-th-1280');

  // Audit: the funding adjustment, with its before/after, found by its member.
  await openConsoleSection(page, 'th', 'audit');
  const audit = page.locator('table.audit-table');
  await audit.locator('tbody tr').first().waitFor();
  // The rows, not the loading line the table shows first.
  await audit.getByText(consoleMsg('th', 'audit.actions.events.login_ok')).first().waitFor();
  // Words, not routes or event codes; the whole table fits its area (issue 26).
  const body = (await audit.locator('tbody').textContent()) ?? '';
  assert.doesNotMatch(body, /\/api\/operator|login_ok/, 'an action shows as a route or a code');
  assert.match(body, new RegExp(consoleMsg('th', 'audit.actions.events.login_ok')));
  const fits = await audit.evaluate((element) => ({
    table: element.scrollWidth,
    area: element.parentElement!.clientWidth,
  }));
  assert.ok(fits.table <= fits.area, `the audit table is ${fits.table} px in ${fits.area} px`);
  await page.getByLabel(consoleMsg('th', 'audit.search')).fill(`member:${memberNo}`);
  await page.getByLabel(consoleMsg('th', 'audit.search')).press('Enter');
  const row = page.locator('tbody tr', {
    hasText: consoleMsg('th', 'audit.actions.routes.operator.adjust'),
  });
  // member:<number> lists that member's rows only: the adjustment (member:<n>).
  await eventually(async () => {
    const targets = await page.locator('tbody tr td:nth-child(4)').allTextContents();
    assert.ok(targets.length > 0);
    for (const target of targets)
      assert.match(target, new RegExp(`^member(No)?:${memberNo}$`), `a row about ${target}`);
  });
  await row.first().waitFor();
  await row
    .first()
    .getByRole('button', { name: consoleMsg('th', 'audit.show') })
    .click();
  // The row names the member it acted on; the changes show the wallet before and after,
  // and the stored action for investigators.
  assert.match((await row.first().textContent()) ?? '', new RegExp(`member:${memberNo}`));
  const changes = page.locator('.audit-changes').first();
  await changes.waitFor();
  assert.match((await changes.textContent()) ?? '', /balance/);
  assert.match((await changes.textContent()) ?? '', /POST \/api\/operator\/adjustments/);
  await expectAccessible(page, 'audit th');
  await captureConsole(page, 'audit-th-1280');
  await page.context().close();
});

test('English at 768 px; support sees counts only', async () => {
  const page = await signedIn('admin', 'en', 768);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.getByRole('region', { name: consoleMsg('en', 'dashboard.today') }).waitFor();
  await captureConsole(page, 'dashboard-en-768');
  // In-app navigation: a reload would end the in-memory session (decision 0086).
  await openConsoleSection(page, 'en', 'reports');
  await page.getByRole('tab', { name: consoleMsg('en', 'reports.tabLedger') }).click();
  await page.getByText(consoleMsg('en', 'reports.checkOk')).waitFor();
  await captureConsole(page, 'reports-ledger-en-768');
  await page.getByRole('tab', { name: consoleMsg('en', 'reports.tabDaily') }).click();
  await page.getByRole('table', { name: /Money and new members per day/ }).waitFor();
  await captureConsole(page, 'reports-daily-en-768');
  await openConsoleSection(page, 'en', 'audit');
  await page
    .getByRole('button', { name: consoleMsg('en', 'audit.show') })
    .first()
    .click();
  await captureConsole(page, 'audit-en-768');
  await page.context().close();

  const support = await signedIn('support', 'en');
  await support.getByText(consoleMsg('en', 'dashboard.countsOnly')).waitFor();
  const today = support.getByRole('region', { name: consoleMsg('en', 'dashboard.today') });
  assert.equal(
    await today.getByRole('region', { name: consoleMsg('en', 'dashboard.deposits') }).count(),
    0,
  );
  await expectAccessible(support, 'dashboard support en');
  await captureConsole(support, 'dashboard-support-en-1280');
  await support.context().close();
});
