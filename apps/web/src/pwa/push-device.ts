// This device's Web Push subscription (issue 29, decision 0154): one home for what the profile's
// Notifications section, logout and the language choice do with it. The browser keeps the
// subscription (pushManager); the server keeps it for the member and session that sent it
// (decision 0152), so it is sent again whenever the session or the language changes.
import type { PushLang } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

/** The browser can receive push messages (service worker, PushManager, Notification). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The registration the app's service worker has here, without waiting for one. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** This device's subscription, if it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** A PushSubscription as the contract's body wants it (`toJSON()`: endpoint and keys). */
function subscriptionBody(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Sends this device's subscription for the signed-in member, texts in `lang`. */
export function registerDevice(subscription: PushSubscription, lang: PushLang) {
  return callApi(routes.push.subscribe, {
    body: { subscription: subscriptionBody(subscription), lang },
  });
}

/** Asks permission, subscribes with the server's key and sends the subscription. */
export async function subscribeDevice(publicKey: string, lang: PushLang): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  // The service worker registers at start-up (vite-plugin-pwa); `ready` waits for it.
  const reg = await navigator.serviceWorker.ready;
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(publicKey),
    }));
  try {
    await registerDevice(subscription, lang);
  } catch (failure) {
    // The server does not know it: neither does the browser then (the switch reads it).
    await subscription.unsubscribe().catch(() => false);
    throw failure;
  }
}

/** Removes this device: on the server (DELETE with its endpoint), then in the browser. */
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await deviceSubscription();
  if (!subscription) return;
  await callApi(routes.push.unsubscribe, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

export class PushPermissionError extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(`PUSH_PERMISSION_${permission.toUpperCase()}`);
  }
}

/**
 * At logout on this device (before the session ends): remove the subscription on the server
 * and in the browser. Best effort, never rejects; logout bounds the wait, this chunk's loading
 * included (features/auth/api/logout.ts). The server also stops pushing to a device whose
 * session has ended (decision 0152).
 */
export async function forgetDeviceAtLogout(token: string | null): Promise<void> {
  if (!token || !pushSupported()) return;
  try {
    const subscription = await deviceSubscription();
    if (!subscription) return;
    await callApi(routes.push.unsubscribe, {
      token,
      quietIdentityFailure: true,
      body: { endpoint: subscription.endpoint },
    }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // Best effort: the server forgets the device with its session anyway.
  }
}

/**
 * A subscribed device is sent again, texts in `lang`. Best effort. The member shell does it
 * when the member is engaged and when they choose another language: the server keeps a
 * device per session and language (decision 0152), so a device still subscribed from a
 * session that expired, or whose subscription the browser renewed (the worker's
 * `pushsubscriptionchange`), is known again without the member opening the profile.
 */
export async function sendDeviceAgain(lang: PushLang): Promise<void> {
  try {
    const subscription = await deviceSubscription();
    if (subscription) await registerDevice(subscription, lang);
  } catch {
    // The next start or language change sends it again.
  }
}

/** base64url (the VAPID public key) to bytes for applicationServerKey. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
