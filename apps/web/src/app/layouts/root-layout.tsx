import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Toaster } from '@/components/toast/toaster';
import { useDelayedFlag } from '@/hooks/use-delayed-flag';
import { useI18n } from '@/i18n/use-i18n';
import { rememberedOperatorName } from '@/lib/api/get-info';
import { PwaSlot } from '@/pwa/pwa-slot';

/** Progress bar while a route (guard or lazy chunk) loads for more than 200 ms. */
function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useI18n();
  const shown = useDelayedFlag(navigation.state !== 'idle');
  if (!shown) return null;
  return (
    <div className="nav-progress" role="progressbar" aria-label={t('app.loading')}>
      <span className="nav-progress__bar" />
    </div>
  );
}

export function RootLayout() {
  const { t, locale } = useI18n();
  // The operator's name once this browser has read it (getInfo also sets it when it
  // answers); the generic name, in the current language, before that.
  useEffect(() => {
    document.title = rememberedOperatorName() ?? t('app.name');
  }, [t, locale]);
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <Toaster />
      <PwaSlot />
      <ScrollRestoration />
    </>
  );
}
