import { describe, expect, it, vi } from 'vitest';
import {
  createI18nStore,
  installCatalog,
  interpolate,
  isOneOf,
  lookup,
  lookupMessage,
  setLanguage,
  subscribe,
  throwOnMissing,
  translate,
  withParts,
} from './i18n-store';

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
    initial: 'th',
    core: { th: load('th', 'core'), en: load('en', 'core') },
    parts: { extra: { th: load('th', 'extra'), en: load('en', 'extra') } },
    persist,
    ...(strict ? { onMissing: throwOnMissing } : {}),
  });
  return { i18n, persist, loads };
}

describe('the i18n store engine of both apps', () => {
  it('loads the core, then a part on demand, and a switch brings every wanted part', async () => {
    const { i18n, persist, loads } = store();
    const changes = vi.fn();
    subscribe(i18n, changes);
    await setLanguage(i18n, 'th');
    expect(translate(i18n, 'hello', { name: 'A' })).toBe('สวัสดี A');
    expect(lookup(i18n, 'more.title')).toBeUndefined();
    const screen = await withParts(i18n, async () => 'screen', 'extra')();
    expect(screen).toBe('screen');
    expect(translate(i18n, 'more.title')).toBe('เพิ่ม');
    await setLanguage(i18n, 'en');
    expect(translate(i18n, 'more.title')).toBe('More');
    expect(i18n.language).toBe('en');
    expect(persist.mock.calls).toEqual([['th'], ['en']]);
    expect(loads).toEqual(['core:th', 'extra:th', 'core:en', 'extra:en']);
    expect(changes).toHaveBeenCalledTimes(3);
    // Cached: a switch back loads nothing.
    await setLanguage(i18n, 'th');
    expect(loads).toHaveLength(4);
  });

  it('shows a missing key as itself, or throws when asked to (development)', async () => {
    const lenient = store().i18n;
    await setLanguage(lenient, 'en');
    expect(translate(lenient, 'more.title')).toBe('more.title');
    const strict = store(true).i18n;
    installCatalog(strict, 'en', catalogues.en.core);
    expect(() => translate(strict, 'more.title')).toThrow(/more\.title/);
    expect(lookup(strict, 'hello')).toBe('Hello {name}');
    expect(isOneOf(['th', 'en'], 'en')).toBe(true);
    expect(isOneOf(['th', 'en'], 'la')).toBe(false);
  });

  it('looks up dotted keys and fills placeholders, leaving unknown ones', () => {
    expect(lookupMessage({ a: { b: 'x' } }, 'a.b')).toBe('x');
    expect(lookupMessage({ a: { b: 'x' } }, 'a')).toBeUndefined();
    expect(lookupMessage(null, 'a')).toBeUndefined();
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
