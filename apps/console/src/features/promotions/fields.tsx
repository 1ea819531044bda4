// Labelled form fields of the promotions section: each has a visible label, its hint, and
// the server's catalogue text for a problem (KEY_MISSING / KEY_INVALID) tied to it by
// aria-describedby; th, la and en texts sit side by side (decision 0092).
import { useId, type ReactNode } from 'react';
import { Field as KitField, type FieldControl } from '@/components/form';
import { useI18n } from '@/i18n/i18n';
import { LOCALES, type Localized, type ProblemCode, type Problems } from './form';

interface FieldProps {
  label: string;
  hint?: string | undefined;
  problem?: ProblemCode | undefined;
  children: (props: FieldControl) => ReactNode;
  className?: string;
}

/** One labelled control with its hint and problem (the console's form kit field). */
export function Field({ label, hint, problem, children, className }: FieldProps) {
  const { errorText } = useI18n();
  return (
    <KitField
      label={label}
      hint={hint}
      hintClassName="muted promo-hint"
      error={problem ? errorText(problem) : undefined}
      className={className}
    >
      {children}
    </KitField>
  );
}

interface InputFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  problem?: ProblemCode | undefined;
  type?: 'text' | 'datetime-local' | 'color';
  inputMode?: 'numeric' | 'decimal' | 'text';
  maxLength?: number;
  disabled?: boolean;
  required?: boolean;
  testId?: string;
  suffix?: string;
}

export function InputField(props: InputFieldProps) {
  return (
    <Field label={props.label} hint={props.hint} problem={props.problem}>
      {(a11y) => (
        <span className="promo-input">
          <input
            {...a11y}
            type={props.type ?? 'text'}
            inputMode={props.inputMode}
            maxLength={props.maxLength}
            disabled={props.disabled}
            required={props.required}
            value={props.value}
            data-testid={props.testId}
            onChange={(event) => props.onChange(event.target.value)}
          />
          {props.suffix ? (
            <span className="promo-suffix" aria-hidden="true">
              {props.suffix}
            </span>
          ) : null}
        </span>
      )}
    </Field>
  );
}

interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  hint?: string;
  testId?: string;
}

export function SelectField<V extends string>(props: SelectFieldProps<V>) {
  return (
    <Field label={props.label} hint={props.hint}>
      {(a11y) => (
        <select
          {...a11y}
          value={props.value}
          data-testid={props.testId}
          onChange={(event) => props.onChange(event.target.value as V)}
        >
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="promo-check">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        data-testid={props.testId}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? (
        <p id={`${id}-hint`} className="muted promo-hint">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/** The same text in th, la and en, side by side (stacked on narrow screens). */
export function LocalizedField(props: {
  legend: string;
  value: Localized;
  onChange: (value: Localized) => void;
  problems: Problems;
  /** The problems' key prefix: `name` -> `name.th`, `name.la`, `name.en`. */
  field: string;
  multiline?: boolean;
  maxLength: number;
  hint?: string;
  testId?: string;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="promo-localized">
      <legend>{props.legend}</legend>
      {props.hint ? <p className="muted promo-hint">{props.hint}</p> : null}
      <div className="promo-localized-grid">
        {LOCALES.map((locale) => (
          <Field
            key={locale}
            label={t(`promotions.locales.${locale}`)}
            problem={props.problems[`${props.field}.${locale}`]}
          >
            {(a11y) =>
              props.multiline ? (
                <textarea
                  {...a11y}
                  rows={3}
                  maxLength={props.maxLength}
                  lang={locale}
                  value={props.value[locale]}
                  data-testid={props.testId ? `${props.testId}-${locale}` : undefined}
                  onChange={(event) =>
                    props.onChange({ ...props.value, [locale]: event.target.value })
                  }
                />
              ) : (
                <input
                  {...a11y}
                  maxLength={props.maxLength}
                  lang={locale}
                  value={props.value[locale]}
                  data-testid={props.testId ? `${props.testId}-${locale}` : undefined}
                  onChange={(event) =>
                    props.onChange({ ...props.value, [locale]: event.target.value })
                  }
                />
              )
            }
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
