// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlaceholderPage } from '@/components/placeholder-page';
import { installCatalog, type Locale } from '@/i18n/i18n';
import type { Catalog } from '@/i18n/types';
import { en } from '@/i18n/locales/en';
import { la } from '@/i18n/locales/la';
import { th } from '@/i18n/locales/th';

afterEach(cleanup);

const catalogs: [Locale, Catalog][] = [
  ['th', th],
  ['la', la],
  ['en', en],
];

describe("'coming soon' (issue 16)", () => {
  it.each(catalogs)('reads the shared text on the placeholder pages (%s)', (locale, catalog) => {
    installCatalog(locale, catalog);
    const soon = catalog.common.comingSoon;
    expect(soon.trim()).not.toBe('');
    render(<PlaceholderPage titleKey="pages.bonus" />);
    // The invite and refund dialogs and the invite-bonus button are real now (issue 12).
    expect(screen.getAllByText(soon)).toHaveLength(1);
  });
});
