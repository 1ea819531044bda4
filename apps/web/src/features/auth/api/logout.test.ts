// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/render';
import { fakePush, removeFakePush } from '@/test/fake-push';
import { forgetPushDevice, LOGOUT_PUSH_WAIT_MS } from '@/features/auth/api/logout';

afterEach(() => {
  removeFakePush();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("logout and this device's push subscription (issue 29)", () => {
  it('asks nothing without a subscription', async () => {
    fakePush();
    const api = fakeApi({});
    await forgetPushDevice('token-1');
    expect(api.calls).toHaveLength(0);
  });

  it('waits at most LOGOUT_PUSH_WAIT_MS, counted from the press (the chunk loads inside it)', async () => {
    fakePush({ subscribed: true, permission: 'granted' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    vi.useFakeTimers();
    let done = false;
    void forgetPushDevice('token-1').then(() => (done = true));
    await vi.advanceTimersByTimeAsync(LOGOUT_PUSH_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
