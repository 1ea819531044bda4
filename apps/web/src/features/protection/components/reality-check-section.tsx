import { toast } from '@/components/toast/toast-store';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { useSetRealityCheck } from '@/features/protection/api/set-reality-check';
import { realityCheckChoices } from '@/features/protection/lib/protection';

/** The reality-check interval: off, every 30 or every 60 minutes (saved on choice). */
export function RealityCheckSection({ minutes }: { minutes: number }) {
  const { t } = useI18n();
  const save = useSetRealityCheck();
  return (
    <section className="card protection-card" aria-labelledby="reality-check-title">
      <h2 id="reality-check-title" className="protection-card__title">
        {t('protection.realityCheck')}
      </h2>
      <p className="muted">{t('protection.realityCheckText')}</p>
      <fieldset className="choice-group" disabled={save.isPending} aria-busy={save.isPending}>
        <legend className="visually-hidden">{t('protection.realityCheck')}</legend>
        {realityCheckChoices.map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="reality-check"
              value={value}
              checked={minutes === value}
              onChange={() =>
                save.mutate(
                  { minutes: value },
                  {
                    onSuccess: () => toast.success(t('protection.saved')),
                    onError: (error) => toast.error(errorMessage(error)),
                  },
                )
              }
              data-testid={`reality-check-${value}`}
            />
            <span>
              {value === 0
                ? t('protection.realityOff')
                : t('protection.realityEvery', { minutes: value })}
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
