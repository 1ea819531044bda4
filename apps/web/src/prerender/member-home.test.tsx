// @vitest-environment node
// The member home the server renders per request (decision 0159), rendered here as the server
// does: in Node, with no window or document (an access to either during the render throws).
import { describe, expect, it } from 'vitest';
import { renderMemberHome } from '@/prerender/member-home';
import { walletFixture } from '@/features/home/test/wallet-fixture';

const endsAt = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();
const protection = (block: unknown = null) => ({
  limits: [],
  block,
  realityCheckMinutes: 0,
  session: null,
  netDeposits: { lifetime: 0, months: [] },
  depositCredited: true,
  returns: [],
  marketingConsent: true,
});
const promotions = {
  banners: [
    { image: '/api/promotions/art/home-welcome-en.jpg', alt: 'Welcome', link: null },
    { image: '/api/promotions/art/home-spin-en.jpg', alt: 'Spin', link: '/user/spin' },
  ],
  announcement: 'Deposits in 1 minute',
};
const ok = (json: unknown) => ({ status: 200, body: JSON.stringify(json) });
const answers = (block: unknown = null) => ({
  '/api/wallet': ok(walletFixture()),
  '/api/protection': ok(protection(block)),
  '/api/home/promotions': ok(promotions),
  '/api/bonus/turnover': ok({ grants: [] }),
  '/api/spinwheel/active': ok({ active: true }),
});

describe('renderMemberHome', () => {
  it('draws the shell and the home: name, balance, tiles, announcement and the first banner first', async () => {
    const page = await renderMemberHome('en', answers(), { name: 'Royal Wallet', website: '' });
    expect([page.lang, page.title]).toEqual(['en', 'Royal Wallet']);
    const { body } = page;
    expect(body).toContain('data-testid="member-top-bar"');
    expect(body).toContain('Somchai Jaidee');
    expect(body).toMatch(/data-testid="home-wallet-balance"[^>]*>[^<]*1,000\.10/);
    expect(body).toContain('data-testid="tile-deposit"');
    expect(body).toContain('Deposits in 1 minute');
    // The first slide's picture is the largest paint: asked for at once, at high priority.
    expect(body).toMatch(
      /<img[^>]*src="\/api\/promotions\/art\/home-welcome-en\.jpg"[^>]*fetchpriority="high"/i,
    );
    expect(page.firstImage).toBe('/api/promotions/art/home-welcome-en.jpg');
    // The later slide's picture and the game carousels are left to the app.
    expect(body).not.toContain('home-spin-en.jpg');
    expect(body).not.toContain('slot-card');
  });

  it('shows no promotion to a member in a time-out', async () => {
    const block = { kind: 'time_out', startedAt: new Date().toISOString(), endsAt };
    const { body, firstImage } = await renderMemberHome('en', answers(block), null);
    expect(firstImage).toBeNull();
    expect(body).toContain('data-testid="home-wallet-balance"');
    expect(body).not.toContain('home-welcome-en.jpg');
    expect(body).not.toContain('Deposits in 1 minute');
  });

  it('renders each request in its own language, even side by side', async () => {
    const [th, la, en] = await Promise.all(
      (['th', 'la', 'en'] as const).map((locale) => renderMemberHome(locale, answers(), null)),
    );
    expect(th!.body).toContain('ฝากเงิน');
    expect(la!.body).toContain('ຝາກເງິນ');
    expect(en!.body).toContain('Deposit');
    expect([th!.lang, la!.lang, en!.lang]).toEqual(['th', 'lo', 'en']);
  });

  it('draws nothing without the wallet and the protection state', async () => {
    const without = { ...answers(), '/api/wallet': { status: 401, body: '{}' } };
    await expect(renderMemberHome('th', without, null)).rejects.toThrow(/\/api\/wallet/);
    await expect(renderMemberHome('xx', answers(), null)).rejects.toThrow(/locale/);
  });
});
