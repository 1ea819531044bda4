import { useLayoutEffect, useRef } from 'react';
import { openBackLayer } from '@/lib/back-layers';

/**
 * While `active`, Back (browser or Android) calls `onBack` instead of leaving the page
 * (lib/back-layers.ts). The shared Dialog uses it; so do the chat panel and views inside a
 * dialog that have their own back button.
 *
 * Layout effects, so the layer is open exactly while its view is on screen: Preact (the app's
 * runtime) runs passive effects, and the cleanups of unmounted ones, only after the next
 * frame. A view that Back had just removed then still held its layer when lib/back-layers.ts
 * looked, which pushed its history entry again and popped it a frame later.
 */
export function useBackLayer(onBack: () => void, active = true): void {
  const latest = useRef(onBack);
  useLayoutEffect(() => {
    latest.current = onBack;
  }, [onBack]);
  useLayoutEffect(() => {
    if (!active) return;
    return openBackLayer(() => latest.current());
  }, [active]);
}
