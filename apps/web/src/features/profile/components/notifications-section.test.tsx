// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '@/i18n/locales/en';
import { fakeApi, renderRoute } from '@/test/render';
import { FAKE_ENDPOINT, FAKE_KEYS, fakePush, removeFakePush } from '@/test/fake-push';
import { NotificationsSection } from '@/features/profile/components/notifications-section';

// A VAPID public key is 65 bytes, base64url without padding.
const publicKey = 'BA' + 'x'.repeat(85);
const allOn = {
  deposit_credited: true,
  withdrawal_paid: true,
  withdrawal_rejected: true,
  support_reply: true,
  bonus_turnover_met: true,
};

afterEach(() => {
  cleanup();
  removeFakePush();
  vi.unstubAllGlobals();
});

function renderSection() {
  return renderRoute(<NotificationsSection />, { path: '/user/profile', url: '/user/profile' });
}

function pushRoutes(extra: Parameters<typeof fakeApi>[0] = {}) {
  let preferences = { ...allOn };
  return fakeApi({
    'GET /api/push/config': () => ({ json: { publicKey, kinds: Object.keys(allOn) } }),
    'POST /api/push/subscriptions': () => ({ json: { message: 'OK' } }),
    'DELETE /api/push/subscriptions': () => ({ json: { message: 'OK' } }),
    'GET /api/push/preferences': () => ({ json: { preferences, lang: 'en', devices: 1 } }),
    'PUT /api/push/preferences': (body) => {
      preferences = (body as { preferences: typeof allOn }).preferences;
      return { json: { preferences, lang: 'en', devices: 1 } };
    },
    ...extra,
  });
}

describe('notifications on this device (issue 29)', () => {
  it('says so in a browser without push, and offers no switch', async () => {
    const api = pushRoutes();
    renderSection();
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByTestId('notifications-unsupported').textContent).toBe(
      en.notifications.unsupported,
    );
    expect(screen.queryByRole('switch')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('asks permission, subscribes with the server key, sends it with the language; then per kind', async () => {
    const push = fakePush();
    const api = pushRoutes();
    const user = userEvent.setup({ delay: null });
    renderSection();
    const device = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await vi.waitFor(() => expect((device as HTMLInputElement).disabled).toBe(false));
    expect((device as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByTestId('notifications-kinds')).toBeNull();

    await user.click(device);
    const kinds = within(await screen.findByTestId('notifications-kinds'));
    expect(push.notification.requestPermission).toHaveBeenCalledOnce();
    const options = push.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    const key = options.applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(api.called('POST /api/push/subscriptions')[0]?.body).toEqual({
      subscription: { endpoint: FAKE_ENDPOINT, keys: FAKE_KEYS },
      lang: 'en',
    });
    expect((device as HTMLInputElement).checked).toBe(true);
    // The switch keeps the focus through the work.
    expect(document.activeElement).toBe(device);

    // One switch per kind, all on; turning one off names every kind.
    const rejected = kinds.getByRole('switch', {
      name: en.notifications.kinds.withdrawal_rejected,
    });
    expect(kinds.getAllByRole('switch')).toHaveLength(5);
    await user.click(rejected);
    await vi.waitFor(() =>
      expect(api.called('PUT /api/push/preferences')[0]?.body).toEqual({
        preferences: { ...allOn, withdrawal_rejected: false },
      }),
    );
    await vi.waitFor(() => expect((rejected as HTMLInputElement).checked).toBe(false));
  });

  it('permission denied: stays off and says how to allow it in the browser settings', async () => {
    const push = fakePush({ answer: 'denied' });
    const api = pushRoutes();
    const user = userEvent.setup({ delay: null });
    renderSection();
    const device = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await vi.waitFor(() => expect((device as HTMLInputElement).disabled).toBe(false));
    await user.click(device);
    expect((await screen.findByTestId('notifications-denied')).textContent).toBe(
      en.notifications.denied,
    );
    expect((device as HTMLInputElement).checked).toBe(false);
    expect((device as HTMLInputElement).disabled).toBe(true);
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.called('POST /api/push/subscriptions')).toHaveLength(0);
  });

  it('a subscribed device shows on (the shell sends it again, not the profile), and turning off removes it', async () => {
    const push = fakePush({ subscribed: true, permission: 'granted' });
    const api = pushRoutes();
    const user = userEvent.setup({ delay: null });
    renderSection();
    const device = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await vi.waitFor(() => expect((device as HTMLInputElement).checked).toBe(true));
    await screen.findByTestId('notifications-kinds');
    expect(api.called('POST /api/push/subscriptions')).toHaveLength(0);

    await user.click(device);
    await vi.waitFor(() => expect((device as HTMLInputElement).checked).toBe(false));
    expect(api.called('DELETE /api/push/subscriptions')[0]?.body).toEqual({
      endpoint: FAKE_ENDPOINT,
    });
    expect(push.subscription.unsubscribe).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('notifications-kinds')).toBeNull();
  });

  it("shows a refusal in the app's words, and stays off", async () => {
    const push = fakePush();
    pushRoutes({
      'POST /api/push/subscriptions': () => ({ status: 400, json: { message: 'KEY_INVALID' } }),
    });
    const user = userEvent.setup({ delay: null });
    renderSection();
    const device = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await vi.waitFor(() => expect((device as HTMLInputElement).disabled).toBe(false));
    await user.click(device);
    await vi.waitFor(() =>
      expect(screen.getByTestId('notifications-error').textContent).toBe(
        `${en.notifications.failed} ${en.errors.KEY_INVALID}`,
      ),
    );
    expect((device as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('notifications-working').textContent).toBe('');
    // The browser does not keep a subscription the server refused.
    expect(push.current()).toBeNull();
  });
});
