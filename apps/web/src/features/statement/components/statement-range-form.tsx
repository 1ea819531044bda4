import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import {
  bangkokToday,
  defaultRange,
  isValidRange,
  type StatementRange,
} from '@/features/statement/lib/statement-range';

/**
 * The statement's range (issue 28, decision 0145): two dates, "Show" filters the list, and
 * the range downloads as CSV or PDF in the member's language.
 */
export function StatementRangeForm({
  applied,
  onApply,
}: {
  applied: StatementRange | undefined;
  onApply: (range: StatementRange | undefined) => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const [range, setRange] = useState<StatementRange>(() => applied ?? defaultRange());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const valid = isValidRange(range);
  const invalidText = t('errors.STATEMENT_RANGE_INVALID');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return setError(invalidText);
    setError(null);
    onApply(range);
  };
  const download = async (format: 'csv' | 'pdf') => {
    if (!valid) return setError(invalidText);
    setError(null);
    setBusy(format);
    try {
      const { downloadStatement } = await import('@/features/statement/lib/download-export');
      await downloadStatement(range, format, locale);
    } catch (failure) {
      setError(
        failure instanceof Error ? errorMessage(failure) : t('statementRange.downloadFailed'),
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <form
      className="card statement-range"
      onSubmit={submit}
      noValidate
      data-testid="statement-range"
    >
      <fieldset className="statement-range__fields">
        <legend className="statement-range__legend">{t('statementRange.legend')}</legend>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-from`}>
            {t('statementRange.from')}
          </label>
          <input
            id={`${id}-from`}
            className="input"
            type="date"
            value={range.from}
            max={bangkokToday()}
            onChange={(event) => setRange({ ...range, from: event.target.value })}
            aria-invalid={!valid || undefined}
            aria-describedby={`${id}-hint`}
            data-testid="statement-range-from"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-to`}>
            {t('statementRange.to')}
          </label>
          <input
            id={`${id}-to`}
            className="input"
            type="date"
            value={range.to}
            onChange={(event) => setRange({ ...range, to: event.target.value })}
            aria-invalid={!valid || undefined}
            aria-describedby={`${id}-hint`}
            data-testid="statement-range-to"
          />
        </div>
      </fieldset>
      <p id={`${id}-hint`} className="muted statement-range__hint">
        {t('statementRange.hint')}
      </p>
      {error ? (
        <p className="form__error" role="alert" data-testid="statement-range-error">
          {error}
        </p>
      ) : null}
      <div className="statement-range__actions">
        <Button type="submit" data-testid="statement-range-apply">
          {t('statementRange.apply')}
        </Button>
        {applied ? (
          <Button
            variant="secondary"
            onClick={() => {
              setError(null);
              onApply(undefined);
            }}
            data-testid="statement-range-clear"
          >
            {t('statementRange.clear')}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          onClick={() => void download('csv')}
          disabled={busy !== null}
          aria-busy={busy === 'csv' || undefined}
          data-testid="statement-download-csv"
        >
          {t('statementRange.downloadCsv')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void download('pdf')}
          disabled={busy !== null}
          aria-busy={busy === 'pdf' || undefined}
          data-testid="statement-download-pdf"
        >
          {t('statementRange.downloadPdf')}
        </Button>
      </div>
      {busy ? (
        <p className="muted" role="status">
          {t('statementRange.downloading')}
        </p>
      ) : null}
    </form>
  );
}
