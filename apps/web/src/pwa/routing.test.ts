import { describe, expect, it, vi } from 'vitest';
import { parsePushPayload } from '@wallet/contract/client';
import {
  decide,
  notificationLang,
  notificationTarget,
  renewSubscription,
  type RequestFacts,
} from '@/pwa/routing';

const origin = 'https://wallet.example';
const get = (path: string, mode = 'cors'): RequestFacts => ({
  method: 'GET',
  url: `${origin}${path}`,
  mode,
});

describe('decide (the service worker never keeps a money answer)', () => {
  it.each([
    '/api/wallet',
    '/api/wallet/balance',
    '/api/wallets',
    '/api/statement',
    '/api/statement?page=2',
    '/api/statement/export.csv',
    '/api/profile',
    '/api/lookup/active',
    '/api',
  ])('GET %s is network-only, as a fetch and as a navigation', (path) => {
    expect(decide(get(path), origin)).toBe('network-only');
    expect(decide(get(path, 'navigate'), origin)).toBe('network-only');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])(
    '%s is network-only wherever it goes',
    (method) => {
      for (const path of [
        '/api/wallet',
        '/assets/index-abc.js',
        '/user/home',
        '/static/providers/pg.webp',
        '/api/promotions/art/x.jpg',
      ])
        expect(decide({ method, url: `${origin}${path}`, mode: 'cors' }, origin)).toBe(
          'network-only',
        );
    },
  );

  it('member files under /static (slips, chat uploads) are never kept', () => {
    expect(decide(get('/static/slips/REF123'), origin)).toBe('network-only');
    expect(decide(get('/static/chat/abc'), origin)).toBe('network-only');
    expect(decide(get('/static/providers/'), origin)).toBe('network-only');
  });

  it('artwork is the one static thing kept: providers and promotion banners', () => {
    expect(decide(get('/static/providers/PGSLOT.webp'), origin)).toBe('static-cache');
    expect(decide(get('/api/promotions/art/home-welcome-th.jpg'), origin)).toBe('static-cache');
    expect(decide(get('/api/promotions/art/'), origin)).toBe('network-only');
    expect(decide(get('/api/promotions/art/a/../../wallet'), origin)).toBe('network-only');
    expect(decide(get('/api/promotions/artwork'), origin)).toBe('network-only');
    expect(decide(get('/api/promotions'), origin)).toBe('network-only');
  });

  it('pages are answered with the shell; the console, sockets and dot paths are not', () => {
    expect(decide(get('/user/statement', 'navigate'), origin)).toBe('shell');
    expect(decide(get('/login?redirect=%2Fuser', 'navigate'), origin)).toBe('shell');
    expect(decide(get('/', 'navigate'), origin)).toBe('shell');
    expect(decide(get('/console/', 'navigate'), origin)).toBe('network-only');
    expect(decide(get('/console', 'navigate'), origin)).toBe('network-only');
    expect(decide(get('/socket.io/?EIO=4', 'cors'), origin)).toBe('network-only');
    expect(decide(get('/.vite/manifest.json', 'navigate'), origin)).toBe('network-only');
    expect(decide(get('/sw.js', 'same-origin'), origin)).toBe('network-only');
  });

  it('the member home is asked of the network first (the page the server renders, 0159)', () => {
    for (const path of ['/user/home', '/user/home/', '/USER/HOME', '/user/home?withdraw=all'])
      expect(decide(get(path, 'navigate'), origin)).toBe('home');
    expect(decide(get('/user/homework', 'navigate'), origin)).toBe('shell');
    expect(decide(get('/user', 'navigate'), origin)).toBe('shell');
    // Not a navigation: a fetch of the page is a file like any other.
    expect(decide(get('/user/home', 'cors'), origin)).toBe('precache');
  });

  it('a navigation to a file is the file, not the shell', () => {
    expect(decide(get('/favicon.svg', 'navigate'), origin)).toBe('precache');
    expect(decide(get('/brand/icon-512.png', 'navigate'), origin)).toBe('precache');
    expect(decide(get('/howto/th/deposit.mp4', 'navigate'), origin)).toBe('precache');
    expect(decide(get('/manifest.webmanifest?v=1', 'navigate'), origin)).toBe('precache');
    expect(decide(get('/user/statement', 'navigate'), origin)).toBe('shell');
  });

  it('build files go to the precache; other origins are left alone', () => {
    expect(decide(get('/assets/index-abc.js'), origin)).toBe('precache');
    expect(decide(get('/brand/icon-192.png', 'no-cors'), origin)).toBe('precache');
    expect(decide({ method: 'GET', url: 'https://cdn.example/x.js', mode: 'cors' }, origin)).toBe(
      'network-only',
    );
    expect(decide({ method: 'GET', url: 'not a url', mode: 'cors' }, origin)).toBe('network-only');
  });
});

describe('push payload and notification target', () => {
  const payload = {
    title: 'Deposit',
    body: '฿100.00 arrived',
    url: '/user/statement',
    tag: 'd1',
    lang: 'la',
  };

  it('accepts the contract, as an object or as JSON text', () => {
    expect(parsePushPayload(payload)).toEqual(payload);
    expect(parsePushPayload(JSON.stringify(payload))).toEqual(payload);
  });

  it('refuses anything else', () => {
    expect(parsePushPayload(null)).toBeNull();
    expect(parsePushPayload('not json')).toBeNull();
    expect(parsePushPayload({ ...payload, lang: 'fr' })).toBeNull();
    expect(parsePushPayload({ ...payload, title: ' ' })).toBeNull();
    expect(parsePushPayload({ ...payload, url: 5 })).toBeNull();
  });

  it('Lao notifications carry the lo language tag', () => {
    expect(notificationLang('la')).toBe('lo');
    expect(notificationLang('th')).toBe('th');
  });

  it('a tap opens same-origin app pages only, else the member home', () => {
    expect(notificationTarget('/user/statement?page=2', origin)).toBe(
      `${origin}/user/statement?page=2`,
    );
    for (const url of [
      'https://evil.example/user',
      '//evil.example/user',
      'javascript:alert(1)',
      '/\\evil.example',
      '/api/wallet',
      '/console/',
      'user/home',
      undefined,
      42,
    ])
      expect(notificationTarget(url, origin)).toBe(`${origin}/user/home`);
  });
});

describe('renewSubscription (pushsubscriptionchange)', () => {
  const key = new Uint8Array([4, 1, 2, 3]).buffer;
  const manager = (current: unknown) => ({
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => ({ endpoint: 'new' })),
  });

  it('subscribes again with the key of the subscription that ended', async () => {
    const pushManager = manager(null);
    expect(await renewSubscription(pushManager, { options: { applicationServerKey: key } })).toBe(
      true,
    );
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  });

  it('does nothing when the device is subscribed already (the browser renewed it) or no key is known', async () => {
    const renewed = manager({ endpoint: 'renewed' });
    expect(await renewSubscription(renewed, { options: { applicationServerKey: key } })).toBe(
      false,
    );
    expect(renewed.subscribe).not.toHaveBeenCalled();
    const unknown = manager(null);
    expect(await renewSubscription(unknown, null)).toBe(false);
    expect(await renewSubscription(unknown, { options: { applicationServerKey: null } })).toBe(
      false,
    );
    expect(unknown.subscribe).not.toHaveBeenCalled();
  });
});
