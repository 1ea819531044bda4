import type { SandboxPart } from '../part.js';
import { registerSmsRoutes } from './sms.routes.js';
import type { SmsStore } from './sms.store.js';

export { SmsStore, SMS_CAPACITY, type SmsMessage, type SmsSnapshot } from './sms.store.js';
export { extractOtp } from './sms.schemas.js';

/** The SMS gateway part; `store` is shared with main.ts, which echoes messages. */
export function smsPart(store: SmsStore): SandboxPart {
  return {
    id: 'sms',
    title: 'SMS gateway',
    summary:
      'Receives the text messages the app sends (OTP codes) and shows them in an inbox instead of delivering them to a phone.',
    pages: [{ label: 'SMS inbox', href: '/sms' }],
    api: [
      {
        method: 'POST',
        path: '/sms/messages',
        description:
          'Send an SMS: JSON { to, text }, header x-sandbox-key. Answers 201 with the stored message.',
      },
      {
        method: 'GET',
        path: '/sms/messages?to=0812345678',
        description: 'Messages sent to a phone (all phones without ?to=), newest first.',
      },
    ],
    register: (app, context) => registerSmsRoutes(app, store, context),
  };
}
