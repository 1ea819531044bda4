import { describe, expect, it, vi } from 'vitest';
import { createI18nStore, interpolate, lookupMessage } from './i18n-store';

const catalogues = {
  th: { core: { hello: 'สวัสดี {name}' }, extra: { more: { title: 'เพิ่ม' } } },
  en: { core: { hello: 'Hello {name}' }, extra: { more: { title: 'More' } } },
};

function store(strict = false) {
  const persist = vi.fn();
  const loads: string[] = [];
  const load = (lang: 'th' | 'en', part: 'core' | 'extra') => async (): Promise<object> => {
    loads.push(`${part}:${lang}`);
    return part === 'core' ? catalogues[lang].core : catalogues[lang].extra;
  };
  const i18n = createI18nStore<'th' | 'en', 'hello' | 'more.title', 'extra'>({
    languages: ['th', 'en'],
    initial: 'th',
    core: { th: load('th', 'core'), en: load('en', 'core') },
    parts: { extra: { th: load('th', 'extra'), en: load('en', 'extra') } },
    persist,
    strict,
  });
  return { i18n, persist, loads };
}

describe('the i18n store engine of both apps', () => {
  it('loads the core, then a part on demand, and a switch brings every wanted part', async () => {
    const { i18n, persist, loads } = store();
    const changes = vi.fn();
    i18n.subscribe(changes);
    await i18n.setLanguage('th');
    expect(i18n.translate('hello', { name: 'A' })).toBe('สวัสดี A');
    expect(i18n.has('more.title')).toBe(false);
    const screen = await i18n.withParts(async () => 'screen', 'extra')();
    expect(screen).toBe('screen');
    expect(i18n.translate('more.title')).toBe('เพิ่ม');
    await i18n.setLanguage('en');
    expect(i18n.translate('more.title')).toBe('More');
    expect(i18n.getLanguage()).toBe('en');
    expect(persist.mock.calls).toEqual([['th'], ['en']]);
    expect(loads).toEqual(['core:th', 'extra:th', 'core:en', 'extra:en']);
    expect(changes).toHaveBeenCalledTimes(3);
    // Cached: a switch back loads nothing.
    await i18n.setLanguage('th');
    expect(loads).toHaveLength(4);
  });

  it('shows a missing key as itself, or throws when strict (development)', async () => {
    const lenient = store().i18n;
    await lenient.setLanguage('en');
    expect(lenient.translate('more.title')).toBe('more.title');
    const strict = store(true).i18n;
    strict.install('en', catalogues.en.core);
    expect(() => strict.translate('more.title')).toThrow(/more\.title/);
    expect(strict.isLanguage('en')).toBe(true);
    expect(strict.isLanguage('la')).toBe(false);
  });

  it('looks up dotted keys and fills placeholders, leaving unknown ones', () => {
    expect(lookupMessage({ a: { b: 'x' } }, 'a.b')).toBe('x');
    expect(lookupMessage({ a: { b: 'x' } }, 'a')).toBeUndefined();
    expect(lookupMessage(null, 'a')).toBeUndefined();
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
