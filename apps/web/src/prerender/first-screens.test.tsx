// The build's prerendered /login (decision 0155): in each language, the same form the app
// renders, with the submit button held until the app takes over, and no script of its own.
import { describe, expect, it } from 'vitest';
import { thCore } from '@/i18n/locales/th-core';
import { laCore } from '@/i18n/locales/la-core';
import { enCore } from '@/i18n/locales/en-core';
import { renderFirstScreens } from '@/prerender/first-screens';

const cores = { th: thCore, la: laCore, en: enCore };
/** A catalogue's text by its dotted key ('login.title'). */
const text = (catalog: object, key: string): string =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog) as string;

describe('renderFirstScreens', () => {
  it('renders /login in th, la and en, the form not sendable before the app takes over', async () => {
    const pages = await renderFirstScreens();
    expect(pages.map((page) => [page.name, page.locale, page.lang])).toEqual([
      ['login', 'th', 'th'],
      ['login', 'la', 'lo'],
      ['login', 'en', 'en'],
    ]);
    for (const page of pages) {
      const core = cores[page.locale];
      expect(page.title).toBe(text(core, 'app.name'));
      for (const key of [
        'login.title',
        'login.phone',
        'login.password',
        'login.submit',
        'nav.home',
      ])
        expect(page.body, `${page.locale} ${key}`).toContain(text(core, key));
      expect(page.body).toContain('data-testid="login-form"');
      expect(page.body).toContain('name="username"');
      expect(page.body).toMatch(/<button type="submit" disabled=""/);
      expect(page.body).not.toMatch(/<script/i);
    }
  });
});
