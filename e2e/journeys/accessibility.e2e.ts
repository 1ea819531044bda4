// Screen reader and keyboard basics, checked by a machine: axe-core (WCAG 2 A and AA, and
// axe's best practices: labels, roles, names, landmarks, contrast) finds nothing on the
// login and register pages and on every member screen of issues 3 and 4 (the home with
// the agreement dialog, withdraw, deposit, slot account, transfer, invite, refund, bonus
// page and dialog, spin, statement, profile), in
// Thai, Lao and English, at 360 px. A screen is audited until it holds still (dialogs
// animate in), so a violation that stays fails the journey with axe's own description.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { apiCall, loginApi, registerMemberApi } from '../support/api.js';
import {
  closeWithEscape,
  eventually,
  LOCALES,
  openIn,
  signInWithForm,
  type Locale,
} from '../support/app.js';
import { useJourneyFixture } from '../support/fixture.js';
import { fundMember, openGameCard } from '../support/money.js';

const fx = useJourneyFixture();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

interface Violation {
  id: string;
  help: string;
  nodes: string[];
}

/** axe's violations on the page as it is now. */
async function violations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, so the app's CSP (script-src 'self') allows it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
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
}

async function expectAccessible(page: Page, screen: string, locale: Locale): Promise<void> {
  await eventually(async () => {
    const found = await violations(page);
    assert.deepEqual(found, [], `${screen} (${locale}): ${JSON.stringify(found, null, 1)}`);
  }, 4_000);
}

test('axe finds no violations on the public and member screens in th, la and en', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack);
  await fundMember(stack, member, 300);
  const token = await loginApi(stack, member.phone, member.password);
  const activated = await apiCall(stack, 'GET', '/api/wallet/activate/PG', { token });
  assert.equal(activated.status, 200, JSON.stringify(activated.body));

  for (const locale of LOCALES) {
    const page = await browser.newPage();
    await openIn(page, stack.appUrl, '/register', locale);
    await expectAccessible(page, 'register', locale);
    await openIn(page, stack.appUrl, '/login', locale);
    await expectAccessible(page, 'login', locale);
    await signInWithForm(page, member.phone, member.password, { agreementAccepted: false });
    await page.getByTestId('home-summary').waitFor();

    // The agreement dialog comes 1.5 s after the home loads (spec section 2).
    await page.getByTestId('agreement-dialog').waitFor();
    await expectAccessible(page, 'home with the agreement dialog', locale);
    await page.getByTestId('agreement-accept').click();
    await eventually(async () =>
      assert.equal(await page.getByTestId('agreement-dialog').count(), 0),
    );
    await expectAccessible(page, 'home', locale);

    await page.getByTestId('tile-withdraw').click();
    await page.getByTestId('withdraw-dialog').waitFor();
    await expectAccessible(page, 'withdraw dialog', locale);
    await closeWithEscape(page, 'withdraw-dialog');

    await page.getByTestId('tile-deposit').click();
    await page.getByTestId('deposit-main').waitFor();
    await expectAccessible(page, 'deposit dialog', locale);
    await closeWithEscape(page, 'deposit-dialog');

    await openGameCard(page, 'PG');
    await page.getByTestId('slot-account-password').waitFor();
    await expectAccessible(page, 'slot account dialog', locale);
    await page.getByTestId('slot-transfer-only-button').click();
    await page.getByTestId('transfer-dialog').waitFor();
    await expectAccessible(page, 'transfer dialog', locale);
    await closeWithEscape(page, 'transfer-dialog');

    // The promotion screens (issue 12).
    await page.getByTestId('tile-invite').click();
    await page.getByTestId('invite-dialog').waitFor();
    await page.getByTestId('invite-link').waitFor();
    await expectAccessible(page, 'invite dialog', locale);
    await closeWithEscape(page, 'invite-dialog');
    await page.getByTestId('tile-refund').click();
    await page.getByTestId('refund-receive').waitFor();
    await expectAccessible(page, 'refund dialog', locale);
    await closeWithEscape(page, 'refund-dialog');

    await page.goto(`${stack.appUrl}/user/bonus`);
    await page.getByTestId('bonus-card').first().waitFor();
    await expectAccessible(page, 'bonus page', locale);
    await page.getByTestId('bonus-card').first().click();
    await page.getByTestId('bonus-terms').waitFor();
    await expectAccessible(page, 'bonus dialog', locale);
    await page.keyboard.press('Escape');

    await page.goto(`${stack.appUrl}/user/spin`);
    await page.getByTestId('spin-canvas').waitFor();
    await expectAccessible(page, 'spin page', locale);

    await page.goto(`${stack.appUrl}/user/statement`);
    await page.getByTestId('statement-page').waitFor();
    await expectAccessible(page, 'statement', locale);

    await page.goto(`${stack.appUrl}/user/profile`);
    await page.getByTestId('profile-details').waitFor();
    await expectAccessible(page, 'profile', locale);
    await page.close();
  }
});
