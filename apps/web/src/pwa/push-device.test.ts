// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { fakeApi } from '@/test/render';
import { FAKE_ENDPOINT, FAKE_KEYS, fakePush, removeFakePush } from '@/test/fake-push';
import { base64UrlBytes, sendDeviceAgain, forgetDeviceAtLogout } from '@/pwa/push-device';

beforeEach(() => installCatalog('en', en));
afterEach(() => {
  removeFakePush();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('this device at logout and on a language change (issue 29)', () => {
  it('logout removes the subscription on the server, with the ending session, and in the browser', async () => {
    const push = fakePush({ subscribed: true, permission: 'granted' });
    const api = fakeApi({ 'DELETE /api/push/subscriptions': () => ({ json: { message: 'OK' } }) });
    await forgetDeviceAtLogout('token-1');
    const [call] = api.called('DELETE /api/push/subscriptions');
    expect(call?.body).toEqual({ endpoint: FAKE_ENDPOINT });
    expect(call?.headers.Authorization).toBe('Bearer token-1');
    expect(push.subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it('a language change sends the subscription again with the new language', async () => {
    fakePush({ subscribed: true, permission: 'granted' });
    const api = fakeApi({ 'POST /api/push/subscriptions': () => ({ json: { message: 'OK' } }) });
    await sendDeviceAgain('la');
    expect(api.called('POST /api/push/subscriptions')[0]?.body).toEqual({
      subscription: { endpoint: FAKE_ENDPOINT, keys: FAKE_KEYS },
      lang: 'la',
    });
    fakePush();
    await sendDeviceAgain('th');
    expect(api.called('POST /api/push/subscriptions')).toHaveLength(1);
  });

  it('reads the base64url VAPID key', () => {
    expect([...base64UrlBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
