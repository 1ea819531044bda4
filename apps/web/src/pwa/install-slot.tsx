// Where the install offer may appear (the home and the profile, decision 0151). Its chunk
// and texts load only for a browser that could be offered it (not on a first visit, not
// after a dismissal) and once the member is engaged, so the pages' first load is unchanged.
import { lazy, Suspense, useEffect, useState } from 'react';
import { storageKeys } from '@/config/storage-keys';
import { withExtraMessages } from '@/i18n/i18n';
import { readItem } from '@/lib/storage';
import { whenEngaged } from '@/lib/when-engaged';
import { appVisits } from '@/pwa/install-capture';

const InstallPrompt = lazy(
  withExtraMessages(() =>
    import('@/pwa/install-prompt').then((m) => ({ default: m.InstallPrompt })),
  ),
);

export function InstallSlot() {
  const [engaged, setEngaged] = useState(false);
  const eligible = appVisits() >= 2 && readItem('local', storageKeys.installDismissed) === null;
  useEffect(() => (eligible ? whenEngaged(() => setEngaged(true)) : undefined), [eligible]);
  if (!eligible || !engaged) return null;
  return (
    <Suspense fallback={null}>
      <InstallPrompt />
    </Suspense>
  );
}
