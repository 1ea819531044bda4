import { describe, expect, it } from 'vitest';
import { errorCodes, giftLinkRefusalReasons, slipReasonCodes } from '@wallet/contract/client';
import { en } from '@/i18n/locales/en';
import { la } from '@/i18n/locales/la';
import { th } from '@/i18n/locales/th';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const catalogues = { en, th, la } as const;
const flat = Object.fromEntries(
  Object.entries(catalogues).map(([locale, catalog]) => [locale, leaves(catalog as Tree)]),
) as Record<keyof typeof catalogues, Map<string, string>>;
const placeholders = (message: string) =>
  [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;

describe('translation catalogues', () => {
  it('th and la have exactly the keys of en', () => {
    const keys = [...flat.en.keys()].sort();
    expect([...flat.th.keys()].sort()).toEqual(keys);
    expect([...flat.la.keys()].sort()).toEqual(keys);
  });

  it('no message is empty', () => {
    for (const [locale, messages] of Object.entries(flat)) {
      for (const [key, message] of messages) {
        expect(message.trim(), `${locale}:${key}`).not.toBe('');
      }
    }
  });

  it('every catalogue error code has a message in all three languages', () => {
    expect(errorCodes.length).toBeGreaterThan(70);
    for (const code of errorCodes) {
      for (const locale of ['en', 'th', 'la'] as const) {
        expect(flat[locale].get(`errors.${code}`), `${locale}:errors.${code}`).toBeTruthy();
      }
    }
    // ...and nothing else lives under errors.
    expect([...flat.en.keys()].filter((k) => k.startsWith('errors.')).length).toBe(
      errorCodes.length,
    );
  });

  it('every slip reason code has a message in all three languages', () => {
    for (const code of slipReasonCodes) {
      for (const locale of ['en', 'th', 'la'] as const) {
        expect(flat[locale].get(`slipReasons.${code}`), `${locale}:${code}`).toBeTruthy();
      }
    }
  });

  it('every gift-link refusal reason has a message in all three languages (issue 26)', () => {
    for (const reason of giftLinkRefusalReasons) {
      for (const locale of ['en', 'th', 'la'] as const) {
        expect(flat[locale].get(`gift.refused.${reason}`), `${locale}:${reason}`).toBeTruthy();
      }
    }
  });

  it('placeholders match across languages', () => {
    for (const [key, message] of flat.en) {
      expect(placeholders(flat.th.get(key) ?? ''), `th:${key}`).toEqual(placeholders(message));
      expect(placeholders(flat.la.get(key) ?? ''), `la:${key}`).toEqual(placeholders(message));
    }
  });

  it('errors, validation and slip reasons are written in Thai and Lao script', () => {
    const sections = ['errors.', 'validation.', 'slipReasons.', 'clientErrors.'];
    for (const [key] of flat.en) {
      if (!sections.some((section) => key.startsWith(section))) continue;
      expect(flat.th.get(key), `th:${key}`).toMatch(THAI);
      expect(flat.la.get(key), `la:${key}`).toMatch(LAO);
    }
  });

  it('keeps the wording the spec prescribes in English', () => {
    expect(en.validation.phone10).toBe('The phone number must support 10 digits');
    expect(en.validation.passwordsDontMatch).toBe("Passwords don't match");
    expect(en.validation.englishOnly).toBe('Bank account name must be in English only');
    expect(en.site.notFound).toBe('Page Not Found');
    expect(en.register.success).toBe('Registration successful');
  });
});
