import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/locales/en';
import { htmlLang, installCatalog, interpolate, isLocale, translate } from '@/i18n/i18n';
import type { Catalog } from '@/i18n/types';

describe('i18n', () => {
  it('translates typed keys and fills parameters', () => {
    installCatalog('en', en);
    expect(translate('login.title')).toBe('Log in');
    expect(translate('register.stepOf', { step: 2 })).toBe('Step 2 of 4');
    expect(translate('errors.WRONG_PASSWORD')).toBe('Incorrect password');
  });

  it('throws on a missing message in development', () => {
    installCatalog('th', { ...en, login: {} } as unknown as Catalog);
    expect(() => translate('login.title')).toThrow(/login\.title/);
  });

  it('leaves unknown placeholders in place', () => {
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('recognises the three locales and tags Lao as lo for <html lang>', () => {
    expect(isLocale('la')).toBe(true);
    expect(isLocale('lo')).toBe(false);
    expect(htmlLang.la).toBe('lo');
    expect(htmlLang.th).toBe('th');
  });
});
