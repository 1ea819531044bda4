import { useEffect, useLayoutEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/button';
import { toast } from '@/components/toast/toast-store';
import { useActionKey } from '@/hooks/use-action-key';
import { useAsyncAction } from '@/hooks/use-async-action';
import { useI18n } from '@/i18n/use-i18n';
import { formatAmount } from '@/lib/money';
import { slipReasonMessage } from '@/lib/slip-reason';
import { useSlipLookup, type SlipLookup } from '@/features/deposit/api/get-slip-lookup';
import { uploadSlip } from '@/features/deposit/api/upload-slip';
import { ImageIcon, UploadIcon } from '@/features/deposit/components/deposit-icons';
import { isInClosedWindow } from '@/features/deposit/lib/slip-window';
import { depositRefusal } from '@/features/deposit/lib/deposit-refusal';
import { checkSlipFile, slipOutcome, type SlipOutcome } from '@/features/deposit/lib/slip-file';

/** Used when the slip lookup fails: the spec's 1 hour, no closed window, 10 MB. */
const fallbackRules: SlipLookup = {
  uploadWindowMinutes: 60,
  closedFrom: null,
  closedTo: null,
  maxFileBytes: 10 * 1024 * 1024,
};

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'checking' }
  | { kind: 'done'; outcome: SlipOutcome };

/** Re-reads the clock every 30 s so the closed-window notice opens and closes by itself. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Outcome({
  outcome,
  onAnother,
  onDone,
}: {
  outcome: SlipOutcome;
  onAnother: () => void;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  // A layout effect: focus moves in the commit that shows the content, not a frame later
  // (Preact runs plain effects after the next paint; a key pressed meanwhile went elsewhere:
  // decision 0158).
  useLayoutEffect(() => heading.current?.focus(), []);
  const title =
    outcome.kind === 'success'
      ? t('slipUpload.successTitle')
      : outcome.kind === 'processing'
        ? t('slipUpload.processingTitle')
        : t('slipUpload.failedTitle');
  const text =
    outcome.kind === 'success'
      ? outcome.amount !== null
        ? t('slipUpload.successAmount', { amount: formatAmount(outcome.amount) })
        : t('slipUpload.success')
      : outcome.kind === 'processing'
        ? t('slipUpload.processing')
        : slipReasonMessage(outcome.code);
  return (
    <div
      className={`slip-outcome slip-outcome--${outcome.kind}`}
      role={outcome.kind === 'failed' ? 'alert' : 'status'}
      data-testid="slip-outcome"
      data-outcome={outcome.kind}
    >
      <h3 className="slip-outcome__title" ref={heading} tabIndex={-1}>
        {title}
      </h3>
      {outcome.kind === 'success' && outcome.amount !== null ? (
        // The amount credited, as the paid QR shows it (issue 26).
        <p className="slip-outcome__amount mono" data-testid="slip-outcome-amount">
          ฿{formatAmount(outcome.amount)}
        </p>
      ) : null}
      <p data-testid="slip-outcome-text">{text}</p>
      <div className="slip-outcome__actions">
        <Button block onClick={onDone} data-testid="slip-done">
          {t('slipUpload.done')}
        </Button>
        <Button block variant="secondary" onClick={onAnother} data-testid="slip-another">
          {t('slipUpload.another')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The slip upload screen (decision 0031; the spec leaves its layout open): the business
 * statements first, then one large picker, a preview, an upload button with a real
 * progress bar, and the outcome (SUCCESS / PROCESSING / the reason of spec section 8).
 */
export function SlipUpload({ onDone, onCredited }: { onDone: () => void; onCredited: () => void }) {
  const { t } = useI18n();
  const lookup = useSlipLookup();
  const rules = lookup.data ?? fallbackRules;
  const now = useMinuteClock();
  const closed = isInClosedWindow(rules.closedFrom, rules.closedTo, now);
  const maxMb = Math.floor(rules.maxFileBytes / (1024 * 1024));
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const actionKey = useActionKey();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    const check = checkSlipFile(chosen, rules.maxFileBytes);
    if (check !== 'ok') {
      setProblem(
        check === 'type' ? t('slipUpload.wrongType') : t('slipUpload.tooLarge', { mb: maxMb }),
      );
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  const busy = phase.kind === 'uploading' || phase.kind === 'checking';
  // The shared guard: one upload per press, even for two presses in one task.
  const sending = useAsyncAction(async (chosen: File) => {
    const idempotencyKey = actionKey.for(`${chosen.name}:${chosen.size}:${chosen.lastModified}`);
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const answer = await uploadSlip({
        file: chosen,
        idempotencyKey,
        signal: controller.signal,
        onProgress: (fraction) =>
          setPhase({ kind: 'uploading', percent: Math.round(fraction * 100) }),
        onSent: () => setPhase({ kind: 'checking' }),
      });
      actionKey.settle();
      const outcome = slipOutcome(answer);
      setPhase({ kind: 'done', outcome });
      if (outcome.kind === 'success') onCredited();
    } catch (error) {
      if (controller.signal.aborted) return;
      actionKey.settle(error);
      setPhase({ kind: 'idle' });
      toast.error(depositRefusal(error));
    }
  });
  const upload = async () => {
    if (!file || busy || closed) return;
    await sending.run(file);
  };

  const again = () => {
    setFile(null);
    setPhase({ kind: 'idle' });
    inputRef.current?.focus();
  };

  if (phase.kind === 'done') {
    return <Outcome outcome={phase.outcome} onAnother={again} onDone={onDone} />;
  }

  return (
    <div className="slip-upload" data-testid="slip-upload">
      <section className="slip-rules" aria-labelledby={`${inputId}-rules`}>
        <h3 id={`${inputId}-rules`} className="section-title">
          {t('slipUpload.rules')}
        </h3>
        <ul data-testid="slip-rules">
          <li>
            {rules.uploadWindowMinutes === 60
              ? t('slipUpload.withinOneHour')
              : t('slipUpload.withinMinutes', { minutes: rules.uploadWindowMinutes })}
          </li>
          <li>{t('slipUpload.registeredOnly')}</li>
          {rules.closedFrom && rules.closedTo ? (
            <li>{t('slipUpload.closedDaily', { from: rules.closedFrom, to: rules.closedTo })}</li>
          ) : null}
          <li>{t('deposit.within1Minute')}</li>
        </ul>
      </section>
      {closed ? (
        <p className="notice notice--danger" role="alert" data-testid="slip-closed">
          {t('slipUpload.closedNow', { to: rules.closedTo ?? '' })}
        </p>
      ) : null}

      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/png,image/jpeg"
        className="visually-hidden"
        onChange={pick}
        disabled={busy}
        aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
        data-testid="slip-file"
      />
      <label
        htmlFor={inputId}
        className={`slip-picker${file ? ' slip-picker--chosen' : ''}${busy ? ' is-disabled' : ''}`}
      >
        {preview ? (
          <img
            className="slip-picker__preview"
            src={preview}
            alt={t('slipUpload.previewAlt')}
            data-testid="slip-preview"
          />
        ) : (
          <span className="slip-picker__icon">
            <ImageIcon width={36} height={36} />
          </span>
        )}
        <span className="slip-picker__label">
          {file ? t('slipUpload.change') : t('slipUpload.choose')}
        </span>
        <span className="slip-picker__hint" id={`${inputId}-hint`}>
          {file ? file.name : t('slipUpload.chooseHint', { mb: maxMb })}
        </span>
      </label>
      {problem ? (
        <p
          className="field__error"
          id={`${inputId}-error`}
          role="alert"
          data-testid="slip-file-error"
        >
          {problem}
        </p>
      ) : null}

      {busy ? (
        <div className="slip-progress" data-testid="slip-progress">
          <progress
            max={100}
            value={phase.kind === 'uploading' ? phase.percent : undefined}
            aria-label={t('slipUpload.progressLabel')}
          />
          <p aria-live="polite">
            {phase.kind === 'uploading'
              ? t('slipUpload.uploading', { percent: phase.percent })
              : t('slipUpload.checking')}
          </p>
        </div>
      ) : null}

      <Button
        block
        onClick={() => void upload()}
        disabled={!file || closed || busy}
        pending={busy}
        data-testid="slip-upload-button"
      >
        <UploadIcon width={20} height={20} /> {t('slipUpload.upload')}
      </Button>
    </div>
  );
}
