// The agent inbox follows the live socket (issue 14, decisions 0097 "Live updates" and 0098):
// a support agent has a member's conversation open; the member's next message (sent through
// the member API) appears in the thread within 3 s, without a reload and without the thread
// being fetched again (it came over the socket, not by the 10 s poll); another member's
// message raises that conversation's unread badge in the list and the title's count. The
// indicator says "live"; offline it says "reconnecting", and back online the message sent
// meanwhile arrives once. Screenshots at 1280 and 768 px, th and en.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  apiCall,
  loginApi,
  operatorLoginAs,
  registerMemberApi,
  sendChatTextApi,
} from '../support/api.js';
import { eventually } from '../support/app.js';
import {
  captureConsole,
  consoleMsg,
  consolePage,
  consoleSignIn,
  openConsoleSection,
} from '../support/console.js';
import { useJourneyFixture } from '../support/fixture.js';

const fx = useJourneyFixture();

const memberSends = (token: string, text: string) => sendChatTextApi(fx.stack, token, text);

async function member(name: string): Promise<string> {
  const created = await registerMemberApi(fx.stack, { name });
  return loginApi(fx.stack, created.phone, created.password);
}

const titleCount = (title: string): number => Number(/^\((\d+)\) /.exec(title)?.[1] ?? 0);

test('a member message reaches the open thread live; the list badge and title count rise', async () => {
  const { stack, browser } = fx;
  const admin = await operatorLoginAs(stack, 'admin');
  // The API's view of the same agent, for the title's expected count.
  const supportToken = await operatorLoginAs(stack, 'support');
  const on = await apiCall(stack, 'PUT', '/api/operator/settings/chat', {
    token: admin,
    body: { enableChatWidget: true },
  });
  assert.equal(on.status, 200, JSON.stringify(on.body));
  const alice = await member('Live Alice');
  const bob = await member('Live Bob');
  const aliceChat = await memberSends(alice, 'Hello, is anyone there?');
  await memberSends(bob, 'My withdrawal is pending');

  const page = await consolePage(browser);
  await consoleSignIn(page, stack, 'support');
  await openConsoleSection(page, 'th', 'chat');
  const indicator = page.locator('.chat-live[role="status"]');
  await eventually(
    async () =>
      assert.equal(
        (await indicator.textContent())?.trim(),
        consoleMsg('th', 'chat.list.liveStatus.live'),
      ),
    10_000,
  );

  // Alice's conversation open (it is read); Bob's waits in the list with 1 unread.
  const aliceRow = page.locator('.chat-row-link', { hasText: 'Live Alice' });
  const bobRow = page.locator('.chat-row-link', { hasText: 'Live Bob' });
  await aliceRow.click();
  const messages = page.getByRole('list', { name: consoleMsg('th', 'chat.thread.messages') });
  await messages.getByText('Hello, is anyone there?').waitFor();
  await eventually(async () => assert.equal(await aliceRow.locator('.chat-unread').count(), 0));
  const bobBadge = bobRow.locator('.chat-unread');
  assert.equal(
    await bobBadge.getAttribute('aria-label'),
    consoleMsg('th', 'chat.list.unread', { count: 1 }),
  );
  // The title counts what the server counts for this agent (Alice's read thread no longer).
  const serverUnread = async () =>
    (
      await apiCall<{ unreadTotal: number }>(stack, 'GET', '/api/operator/chat/conversations', {
        token: supportToken,
      })
    ).body.unreadTotal;
  await eventually(async () => assert.equal(titleCount(await page.title()), await serverUnread()));
  const titleBefore = titleCount(await page.title());
  assert.ok(titleBefore >= 1, `title: ${await page.title()}`);

  // From here: no reload, and no fetch of Alice's thread.
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  const threadFetches: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === `/api/operator/chat/conversations/${aliceChat}`) threadFetches.push(path);
  });

  const sentAt = Date.now();
  assert.equal(await memberSends(alice, 'I sent 500 baht at 10:02'), aliceChat);
  await messages.getByText('I sent 500 baht at 10:02').waitFor({ timeout: 3_000 });
  const took = Date.now() - sentAt;
  assert.ok(took < 3_000, `the message took ${took} ms`);
  assert.deepEqual(threadFetches, [], 'the thread was fetched again instead of following live');
  assert.equal(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    true,
    'the page was reloaded',
  );
  // Each message once.
  assert.equal(await messages.getByText('I sent 500 baht at 10:02').count(), 1);

  // Bob writes again: his badge goes to 2 and the title counts one more, also live.
  await memberSends(bob, 'Hello?');
  await eventually(
    async () =>
      assert.equal(
        await bobBadge.getAttribute('aria-label'),
        consoleMsg('th', 'chat.list.unread', { count: 2 }),
      ),
    3_000,
  );
  await eventually(
    async () => assert.equal(titleCount(await page.title()), titleBefore + 1),
    3_000,
  );
  await captureConsole(page, 'chat-live-th-1280');
  await page.setViewportSize({ width: 768, height: 1000 });
  await captureConsole(page, 'chat-live-th-768');

  // The network drops: the indicator says so and polling takes over; back online, the
  // socket reconnects by itself and the catch-up brings what was sent meanwhile, once.
  await page.context().setOffline(true);
  await eventually(
    async () =>
      assert.equal(
        (await indicator.textContent())?.trim(),
        consoleMsg('th', 'chat.list.liveStatus.reconnecting'),
      ),
    10_000,
  );
  await captureConsole(page, 'chat-reconnecting-th-768');
  await memberSends(alice, 'Sent while the agent was offline');
  await page.context().setOffline(false);
  await eventually(
    async () =>
      assert.equal(
        (await indicator.textContent())?.trim(),
        consoleMsg('th', 'chat.list.liveStatus.live'),
      ),
    10_000,
  );
  await messages.getByText('Sent while the agent was offline').waitFor({ timeout: 5_000 });
  assert.equal(await messages.getByText('Sent while the agent was offline').count(), 1);
  await page.context().close();

  // English, 768 px: the list alone, live.
  const narrow = await consolePage(browser, { width: 768, height: 1000 });
  await consoleSignIn(narrow, stack, 'support');
  await narrow.getByLabel(consoleMsg('th', 'language.label')).selectOption('en');
  await openConsoleSection(narrow, 'en', 'chat');
  await eventually(
    async () =>
      assert.equal(
        (await narrow.locator('.chat-live[role="status"]').textContent())?.trim(),
        consoleMsg('en', 'chat.list.liveStatus.live'),
      ),
    10_000,
  );
  await narrow.locator('.chat-row-link', { hasText: 'Live Bob' }).waitFor();
  await captureConsole(narrow, 'chat-live-en-768');
  await narrow.setViewportSize({ width: 1280, height: 800 });
  await captureConsole(narrow, 'chat-live-en-1280');
  await narrow.context().close();
});
