// Issue 14, live chat (decisions 0098, 0100): a signed-in member and an agent chat live in two
// browser contexts. The member's widget holds a Socket.IO connection; the agent answers in the
// console's inbox, and the answer reaches the open panel without a reload; then buttons come
// through the operator chat API (role support).
// The member goes offline, the agent writes, and back online the message shows once (socket
// reconnect + REST catch-up). The agent closes the conversation: the member sees the system
// message, and their next message starts a new conversation behind an end marker.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  apiCall,
  loginApi,
  operatorLogin,
  operatorLoginAs,
  registerMemberApi,
} from '../support/api.js';
import { capture, engageUntil, eventually, msg, signIn } from '../support/app.js';
import { consoleMsg, consolePage, consoleSignIn, openConsoleSection } from '../support/console.js';
import { useJourneyFixture } from '../support/fixture.js';
import type { Stack } from '../support/stack.js';

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

async function say(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.keyboard.press('Enter');
  const bubble = page.getByTestId('chat-message').filter({ hasText: text });
  await eventually(async () => assert.equal(await bubble.getAttribute('data-status'), 'succeed'));
}

/** The member's open conversation, read from their own history. */
async function conversationOf(stack: Stack, token: string): Promise<string> {
  const history = await apiCall<{ session_id: string }[]>(stack, 'POST', '/api/chat/history', {
    token,
    body: { userId: null, guestId: null, limit: 1, skip: 0 },
  });
  assert.equal(history.status, 200, JSON.stringify(history.body));
  const id = history.body[0]?.session_id;
  assert.ok(id, 'no conversation yet');
  return id;
}

async function agentSays(stack: Stack, conversationId: string, message: unknown) {
  const token = await operatorLoginAs(stack, 'support');
  const answer = await apiCall(
    stack,
    'POST',
    `/api/operator/chat/conversations/${encodeURIComponent(conversationId)}/messages`,
    { token, body: { clientMessageId: randomUUID(), message } },
  );
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

test('a member and an agent chat live; offline and back, nothing is lost or doubled; the agent closes', async () => {
  const { stack, browser } = fx;
  const member = await registerMemberApi(stack, { name: 'Live Member' });
  const memberToken = await loginApi(stack, member.phone, member.password);
  const page = await browser.newPage();
  await signIn(page, stack.appUrl, member.phone, member.password, { locale: 'en' });
  await engageUntil(page, page.getByTestId('chat-launcher'));
  await page.getByTestId('chat-launcher').click();
  await page.getByRole('dialog', { name: msg('en', 'chat.title') }).waitFor();
  const panel = page.getByTestId('chat-panel');
  await eventually(async () => assert.equal(await panel.getAttribute('data-connected'), 'true'));

  await say(page, 'My deposit has not arrived');
  const conversationId = await conversationOf(stack, memberToken);

  // The agent, in the console's inbox (a second browser context), answers; it arrives live.
  const agent = await consolePage(browser);
  await consoleSignIn(agent, stack, 'support');
  await openConsoleSection(agent, 'th', 'chat');
  await agent.locator('.chat-row-link', { hasText: 'Live Member' }).click();
  const box = agent.getByLabel(consoleMsg('th', 'chat.reply.label'), { exact: true });
  await box.fill('Hello, I am looking at it');
  await box.press('Enter');
  const hello = page.getByTestId('chat-message').filter({ hasText: 'Hello, I am looking at it' });
  await hello.waitFor({ timeout: 5_000 });
  assert.equal(await hello.getAttribute('data-sender'), 'agent');
  // The member answers; it is in the agent's thread.
  await say(page, 'Thanks, it was 500 baht');
  const thread = await apiCall<{ messages: { message: { payload: unknown } }[] }>(
    stack,
    'GET',
    `/api/operator/chat/conversations/${encodeURIComponent(conversationId)}`,
    { token: await operatorLoginAs(stack, 'support') },
  );
  assert.equal(thread.status, 200, JSON.stringify(thread.body));
  assert.ok(
    JSON.stringify(thread.body).includes('Thanks, it was 500 baht'),
    JSON.stringify(thread.body).slice(0, 500),
  );
  await agent.context().close();

  // Buttons (through the API) arrive live too.
  await agentSays(stack, conversationId, {
    message_type: 'buttons',
    payload: {
      text: 'We are on it. Anything else?',
      buttons: [
        { title: 'Open the FAQ', type: 'web', payload: 'https://example.com/faq' },
        { title: 'Talk to a person', type: 'postback', payload: 'HUMAN' },
      ],
    },
  });
  const answer = page.getByTestId('chat-message').filter({ hasText: 'We are on it' });
  await answer.waitFor({ timeout: 5_000 });
  const faq = answer.getByRole('link', { name: 'Open the FAQ' });
  assert.equal(await faq.getAttribute('target'), '_blank');
  assert.match((await faq.getAttribute('rel')) ?? '', /noopener/);
  await capture(page, 'chat-live-en', 'en');

  // A postback button posts back.
  await answer.getByRole('button', { name: 'Talk to a person' }).click();
  const postback = page.getByTestId('chat-message').filter({ hasText: 'Talk to a person' }).last();
  await eventually(async () => assert.equal(await postback.getAttribute('data-status'), 'succeed'));
  assert.equal(await postback.getAttribute('data-kind'), 'postback');

  // Offline: the agent writes; back online, the message shows exactly once.
  await page.context().setOffline(true);
  await eventually(async () => assert.equal(await panel.getAttribute('data-connected'), 'false'));
  await agentSays(stack, conversationId, { message_type: 'text', payload: 'Found it: credited.' });
  await page.context().setOffline(false);
  const credited = page.getByTestId('chat-message').filter({ hasText: 'Found it: credited.' });
  await credited.waitFor({ timeout: 15_000 });
  await eventually(async () => assert.equal(await panel.getAttribute('data-connected'), 'true'));
  await page.waitForTimeout(1_000);
  assert.equal(await credited.count(), 1);

  // The agent closes the conversation: a system message; the next message starts another.
  const support = await operatorLoginAs(stack, 'support');
  const closed = await apiCall(
    stack,
    'POST',
    `/api/operator/chat/conversations/${encodeURIComponent(conversationId)}/close`,
    { token: support, body: {} },
  );
  assert.equal(closed.status, 200, JSON.stringify(closed.body));
  await page.getByTestId('chat-system').filter({ hasText: 'closed' }).waitFor({ timeout: 5_000 });
  await say(page, 'One more question');
  await page.getByTestId('chat-end').waitFor({ timeout: 5_000 });
  assert.notEqual(await conversationOf(stack, memberToken), conversationId);
  await capture(page, 'chat-live-closed-en', 'en');
  await page.context().close();
});
