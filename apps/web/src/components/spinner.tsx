import { useI18n } from '@/i18n/use-i18n';
import { useDelayedFlag } from '@/hooks/use-delayed-flag';

/** A spinner that appears only after 200 ms of work (spec section 9). */
export function Spinner({ active = true, label }: { active?: boolean; label?: string }) {
  const shown = useDelayedFlag(active);
  const { t } = useI18n();
  if (!shown) return null;
  return (
    <span className="spinner" role="progressbar" aria-label={label ?? t('app.loading')}>
      <span className="spinner__ring" aria-hidden="true" />
    </span>
  );
}

/** Centred page-level loading state. */
export function PageLoader() {
  return (
    <div className="page-loader">
      <Spinner />
    </div>
  );
}
