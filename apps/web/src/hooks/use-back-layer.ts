import { useEffect, useRef } from 'react';
import { openBackLayer } from '@/lib/back-layers';

/**
 * While `active`, Back (browser or Android) calls `onBack` instead of leaving the page
 * (lib/back-layers.ts). The shared Dialog uses it; so do the chat panel and views inside a
 * dialog that have their own back button.
 */
export function useBackLayer(onBack: () => void, active = true): void {
  const latest = useRef(onBack);
  useEffect(() => {
    latest.current = onBack;
  }, [onBack]);
  useEffect(() => {
    if (!active) return;
    return openBackLayer(() => latest.current());
  }, [active]);
}
