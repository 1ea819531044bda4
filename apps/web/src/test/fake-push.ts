// A fake of the browser's push machinery for unit-dom tests (issue 29): a service worker
// registration whose pushManager keeps one subscription, and Notification's permission.
import { vi } from 'vitest';

export const FAKE_ENDPOINT = 'https://push.example.test/send/device-1';
export const FAKE_KEYS = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };

export function fakePush({
  subscribed = false,
  answer = 'granted' as NotificationPermission,
  permission = 'default' as NotificationPermission,
} = {}) {
  const subscription = {
    endpoint: FAKE_ENDPOINT,
    toJSON: () => ({ endpoint: FAKE_ENDPOINT, keys: FAKE_KEYS }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  return { pushManager, subscription, notification, current: () => current };
}

/** Undoes fakePush (vi.unstubAllGlobals undoes the rest). */
export function removeFakePush() {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
}
