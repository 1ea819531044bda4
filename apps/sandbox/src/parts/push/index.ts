import type { SandboxPart } from '../part.js';
import { registerPushRoutes } from './push.routes.js';
import type { PushStore } from './push.store.js';

export { PushStore, PUSH_MODES, type PushMode, type ReceivedPush } from './push.store.js';
export { decryptAes128gcm, checkVapid, newDeviceKeys } from './push.crypto.js';

/** The Web Push service part (decision 0153). */
export function pushPart(store: PushStore): SandboxPart {
  return {
    id: 'push',
    title: 'Push service',
    summary:
      "Plays the browsers' Web Push service: issues device subscriptions, receives the app's encrypted notifications, decrypts and shows them.",
    pages: [{ label: 'Push notifications', href: '/push' }],
    api: [
      {
        method: 'POST',
        path: '/push/subscriptions',
        description:
          'Issue a device subscription: JSON { label? }. Answers 201 { id, subscription: { endpoint, keys } }.',
      },
      {
        method: 'POST',
        path: '/push/send/:id',
        description:
          'The push endpoint (RFC 8030): aes128gcm body, VAPID authorization, TTL. 201 stored; 410 gone; 500 failing.',
      },
      {
        method: 'PUT',
        path: '/push/subscriptions/:id/mode',
        description: 'How the endpoint answers: JSON { mode: accept | gone | fail }.',
      },
      {
        method: 'GET',
        path: '/push/messages?subscription=<id>',
        description: 'Decrypted messages (all devices without ?subscription=), newest first.',
      },
    ],
    register: (app, context) => registerPushRoutes(app, store, context),
  };
}
