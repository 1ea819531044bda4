import { useState } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useI18n } from '@/i18n/use-i18n';
import type { ProtectionAnswer } from '@/lib/api/get-protection';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { useSelfExclude } from '@/features/protection/api/self-exclude';
import { useTakeTimeOut } from '@/features/protection/api/take-time-out';
import {
  blockEnd,
  selfExclusionDurations,
  timeOutDurations,
  type BlockDuration,
} from '@/features/protection/lib/protection';

type Kind = 'timeOut' | 'selfExclusion';

/**
 * A time-out or a self-exclusion: the durations, then a confirm dialog saying it starts now
 * and can never be undone or shortened.
 */
export function BlockSection({
  kind,
  onStarted,
}: {
  kind: Kind;
  onStarted: (state: ProtectionAnswer) => void;
}) {
  const { t } = useI18n();
  const durations: readonly BlockDuration[] =
    kind === 'timeOut' ? timeOutDurations : selfExclusionDurations;
  const [duration, setDuration] = useState<BlockDuration>(durations[0]!);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const timeOut = useTakeTimeOut();
  const exclude = useSelfExclude();
  const pending = timeOut.isPending || exclude.isPending;
  const name = kind === 'timeOut' ? 'time-out' : 'self-exclusion';

  const start = () => {
    setProblem(null);
    const done = {
      onSuccess: (state: ProtectionAnswer) => {
        setAsking(false);
        onStarted(state);
      },
      onError: (error: unknown) => setProblem(errorMessage(error)),
    };
    if (kind === 'timeOut') timeOut.mutate({ duration: duration as '24h' }, done);
    else exclude.mutate({ duration: duration as '6m' }, done);
  };

  const durationLabel = t(`protection.durations.${duration}`);
  return (
    <section className="card protection-card" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`} className="protection-card__title">
        {t(kind === 'timeOut' ? 'protection.timeOut' : 'protection.selfExclusion')}
      </h2>
      <p className="muted">
        {t(kind === 'timeOut' ? 'protection.timeOutText' : 'protection.selfExclusionText')}
      </p>
      <fieldset className="choice-group">
        <legend className="field__label">{t('protection.duration')}</legend>
        {durations.map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name={name}
              value={value}
              checked={duration === value}
              onChange={() => setDuration(value)}
              data-testid={`${name}-${value}`}
            />
            <span>{t(`protection.durations.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <Button
        variant="secondary"
        onClick={() => setAsking(true)}
        aria-haspopup="dialog"
        data-testid={`${name}-start`}
      >
        {t('protection.start')}
      </Button>
      {asking ? (
        <Dialog
          role="alertdialog"
          title={t(
            kind === 'timeOut' ? 'protection.confirmTimeOut' : 'protection.confirmSelfExclusion',
            { duration: durationLabel },
          )}
          onClose={() => setAsking(false)}
          testId={`${name}-confirm-dialog`}
          footer={
            <div className="form__actions">
              <Button variant="secondary" onClick={() => setAsking(false)} data-autofocus>
                {t('common.cancel')}
              </Button>
              <Button pending={pending} onClick={start} data-testid={`${name}-confirm`}>
                {t('protection.startNow')}
              </Button>
            </div>
          }
        >
          <p className="protection-warning">
            {t('protection.cannotUndo', { time: formatDateTime(blockEnd(duration, new Date())) })}
          </p>
          {problem ? (
            <p className="form__error" role="alert" data-testid={`${name}-error`}>
              {problem}
            </p>
          ) : null}
        </Dialog>
      ) : null}
    </section>
  );
}
