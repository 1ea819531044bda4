import { describe, expect, it } from 'vitest';
import { installOffer, isIosSafari, type InstallFacts } from '@/pwa/install-offer';

const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const iphoneChrome =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
const ipad =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const facts = (over: Partial<InstallFacts>): InstallFacts => ({
  visits: 2,
  dismissed: false,
  standalone: false,
  hasInstallEvent: false,
  userAgent: android,
  maxTouchPoints: 5,
  ...over,
});

describe('installOffer', () => {
  it('offers the button where Chromium handed over its event, from the second visit', () => {
    expect(installOffer(facts({ hasInstallEvent: true }))).toBe('android');
    expect(installOffer(facts({ hasInstallEvent: true, visits: 1 }))).toBeNull();
  });

  it('offers the guide on an iPhone or iPad in Safari only', () => {
    expect(installOffer(facts({ userAgent: iphone }))).toBe('ios');
    expect(installOffer(facts({ userAgent: ipad }))).toBe('ios');
    expect(installOffer(facts({ userAgent: ipad, maxTouchPoints: 0 }))).toBeNull();
    expect(installOffer(facts({ userAgent: iphoneChrome }))).toBeNull();
    expect(installOffer(facts({ userAgent: android }))).toBeNull();
    expect(isIosSafari(iphone, 5)).toBe(true);
  });

  it('never once dismissed, nor inside the installed app', () => {
    expect(installOffer(facts({ hasInstallEvent: true, dismissed: true }))).toBeNull();
    expect(installOffer(facts({ userAgent: iphone, standalone: true }))).toBeNull();
  });
});
