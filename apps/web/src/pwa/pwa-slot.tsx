// The place of the service worker's notices in the root layout (decision 0150). Their chunk,
// which also registers the worker, loads when the member is engaged (lib/when-engaged.ts),
// or at once when the connection is gone, so the first load of any page carries only this.
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenEngaged } from '@/lib/when-engaged';

const PwaNotices = lazy(() => import('@/pwa/pwa-notices'));

export function PwaSlot() {
  const [wanted, setWanted] = useState(() => !navigator.onLine);
  useEffect(() => {
    if (wanted) return;
    const now = () => setWanted(true);
    window.addEventListener('offline', now);
    const stop = whenEngaged(now);
    return () => {
      stop();
      window.removeEventListener('offline', now);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PwaNotices />
    </Suspense>
  );
}
