import { lazy, Suspense, useEffect, useState } from 'react';
import { withExtraMessages } from '@/i18n/i18n';
import { useProtection } from '@/lib/api/get-protection';
import {
  delayToNext,
  intervalsPassed,
  readSeen,
  writeSeen,
} from '@/features/protection/lib/reality-check';

const RealityCheckDialog = lazy(
  withExtraMessages(() =>
    import('@/features/protection/components/reality-check-dialog').then((m) => ({
      default: m.RealityCheckDialog,
    })),
  ),
);

/**
 * Watches the signed-in session and opens the reality check every N minutes (the member's
 * choice, GET /api/protection): each look compares the clock with the session's start, at
 * least every 30 s and whenever the tab becomes visible again (decision 0144). Loaded by the
 * member shell after it renders; the dialog and its texts load when it first opens.
 */
export function RealityCheck({ onLogout }: { onLogout: () => void }) {
  const protection = useProtection();
  const minutes = protection.data?.realityCheckMinutes ?? 0;
  const startedAtText = protection.data?.session?.startedAt ?? null;
  const [due, setDue] = useState<number | null>(null);

  useEffect(() => {
    if (!startedAtText || minutes <= 0) return;
    const startedAt = Date.parse(startedAtText);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      clearTimeout(timer);
      const now = Date.now();
      const passed = intervalsPassed(startedAt, minutes, now);
      if (passed > readSeen(startedAtText)) setDue(passed);
      timer = setTimeout(look, delayToNext(startedAt, minutes, now));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') look();
    };
    look();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [startedAtText, minutes]);

  if (due === null || !startedAtText) return null;
  const answer = () => {
    writeSeen(startedAtText, due);
    setDue(null);
  };
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog
        startedAt={startedAtText}
        onKeepPlaying={answer}
        onStatement={answer}
        onLogout={() => {
          answer();
          onLogout();
        }}
      />
    </Suspense>
  );
}
