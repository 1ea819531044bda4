// The member app's support chat, as the journeys open it.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { collectPageErrors, engageUntil, eventually, msg, type Locale } from './app.js';

/**
 * Presses the chat button and waits for the panel, ready to type. The button appears once the
 * member is engaged (lib/when-engaged.ts): a key press brings it at once. A press that lands
 * while the page is still settling can be lost (CI saw it once under load, never reproduced):
 * the button then has not turned (`aria-expanded` stays false), and the journey presses again
 * once, as a member would. A button that turned but shows no panel still fails, with what the
 * page shows.
 */
export async function openChat(page: Page, locale: Locale) {
  const launcher = page.getByTestId('chat-launcher');
  const errors = collectPageErrors(page);
  await engageUntil(page, launcher);
  await launcher.click({ timeout: 15_000 });
  const turned = () =>
    page.waitForFunction(
      () =>
        document.querySelector('[data-testid="chat-launcher"]')?.getAttribute('aria-expanded') ===
        'true',
      undefined,
      { timeout: 5_000 },
    );
  await turned().catch(async () => {
    await launcher.click({ timeout: 15_000 });
    await turned();
  });
  const panel = page.getByRole('dialog', { name: msg(locale, 'chat.title') });
  try {
    await panel.waitFor({ timeout: 15_000 });
  } catch (error) {
    const expanded = await launcher.getAttribute('aria-expanded').catch(() => 'no button');
    // A panel in another language than asked (CI once: the page had kept English) says so.
    const shown = await page
      .evaluate(() => ({
        lang: document.documentElement.lang,
        stored: localStorage.getItem('locale'),
        panels: [...document.querySelectorAll('[data-testid="chat-panel"] h2')].map(
          (title) => title.textContent,
        ),
      }))
      .catch(() => null);
    assert.fail(
      `no chat panel at ${page.url()} (button aria-expanded=${expanded}; page errors: ${JSON.stringify(errors)}; page ${JSON.stringify(shown)}): ${String(error)}`,
    );
  }
  await eventually(async () =>
    assert.equal(await page.getByTestId('chat-panel').getAttribute('data-phase'), 'ready'),
  );
  return panel;
}
