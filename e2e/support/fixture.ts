// One stack and one Chromium per journey file (decision 0009): started before the file's
// first test, stopped after its last. Tests take fresh contexts from `browser`; after a failed
// test, the pages it left open are described in the log (`reportPages`).
import { after, afterEach, before } from 'node:test';
import { launchBrowser, type SharedBrowser } from './browser.js';
import { startStack, type Stack, type StartStackOptions } from './stack.js';

export interface JourneyFixture {
  readonly stack: Stack;
  readonly browser: SharedBrowser;
}

/** Scene-setting that belongs to the stack's lifetime (node:test runs top-level hooks at once,
 * so a second `before` in the file would not wait for the stack). */
export interface FixtureHooks {
  /** After the stack is up, before the file's first test. */
  afterStart?: (stack: Stack) => Promise<void>;
  /** After the file's last test, before the stack stops. */
  beforeStop?: (stack: Stack) => Promise<void>;
}

export function useJourneyFixture(
  options: StartStackOptions = {},
  hooks: FixtureHooks = {},
): JourneyFixture {
  let stack: Stack | undefined;
  let browser: SharedBrowser | undefined;
  before(async () => {
    // Both start together; each is kept as soon as it is up so after() can stop it.
    const launching = launchBrowser().then((launched) => {
      browser = launched;
    });
    try {
      stack = await startStack(options);
    } finally {
      await launching.catch(() => undefined);
    }
    await launching;
    if (stack && hooks.afterStart) await hooks.afterStart(stack);
  });
  afterEach(async (t) => {
    if (!browser) return;
    // `passed` is there at run time (Node 20.20); this @types/node does not name it yet.
    if ((t as { passed?: boolean }).passed === false)
      await browser.reportPages(t.name).catch(() => undefined);
    browser.forgetPages();
  });
  after(async () => {
    try {
      if (stack && hooks.beforeStop) await hooks.beforeStop(stack);
    } finally {
      await browser?.close();
      await stack?.stop();
    }
  });
  return {
    get stack() {
      if (!stack) throw new Error('the stack is not started (before() failed?)');
      return stack;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched (before() failed?)');
      return browser;
    },
  };
}
