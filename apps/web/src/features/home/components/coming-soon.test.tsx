// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlaceholderPage } from '@/components/placeholder-page';
import { installCatalog, type Locale } from '@/i18n/i18n';
import type { Catalog } from '@/i18n/types';
import { en } from '@/i18n/locales/en';
import { la } from '@/i18n/locales/la';
import { th } from '@/i18n/locales/th';
import { InviteBonus } from '@/features/home/components/invite-bonus';
import { SoonDialog } from '@/features/home/components/soon-dialog';

afterEach(cleanup);

const catalogs: [Locale, Catalog][] = [
  ['th', th],
  ['la', la],
  ['en', en],
];

describe("'coming soon' (issue 16)", () => {
  it.each(catalogs)(
    'reads the same shared text on the placeholder pages, the invite bonus and the soon dialogs (%s)',
    (locale, catalog) => {
      installCatalog(locale, catalog);
      const soon = catalog.common.comingSoon;
      expect(soon.trim()).not.toBe('');
      render(
        <>
          <PlaceholderPage titleKey="pages.bonus" />
          <InviteBonus amount={0} currency="BAHT" />
          <SoonDialog topic="invite" onClose={() => undefined} />
        </>,
      );
      // Placeholder page, invite-bonus note, invite dialog: three places, one wording.
      expect(screen.getAllByText(soon)).toHaveLength(3);
      cleanup();
      render(<SoonDialog topic="refund" onClose={() => undefined} />);
      expect(screen.getByRole('dialog').textContent).toContain(soon);
    },
  );
});
