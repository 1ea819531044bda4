// @vitest-environment jsdom
// The home's promotions read takes the answer public/early-requests.js got (decision 0156).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@wallet/contract/routes';
import { installCatalog, setLocale } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { apiClient } from '@/lib/api-client';
import { storeToken } from '@/lib/session';
import { getHomePromotions } from '@/features/home/api/get-home-promotions';

const PROMOTIONS = { announcement: 'Hello', banners: [] };

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__early;
});

describe('getHomePromotions', () => {
  it('takes the early answer once, then asks itself', async () => {
    installCatalog('en', en);
    await setLocale('en');
    storeToken('tok-early', true);
    const fetchMock = vi
      .fn()
      .mockImplementation(() => Promise.resolve(new Response(JSON.stringify(PROMOTIONS))));
    vi.stubGlobal('fetch', fetchMock);
    window.__early = {
      at: Date.now(),
      headers: apiClient.headers({}),
      answers: {
        [routes.home.promotions.path]: Promise.resolve({
          status: 200,
          text: JSON.stringify({ ...PROMOTIONS, announcement: 'early' }),
        }),
      },
    };
    expect(await getHomePromotions()).toEqual({ ...PROMOTIONS, announcement: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await getHomePromotions()).toEqual(PROMOTIONS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
