import { useId } from 'react';
import { Field } from './form';
import './date-range.css';

interface DateRangeProps {
  /** The group's name (a legend, translated). */
  legend: string;
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  /** An error for the pair (translated); marks both fields invalid. */
  error?: string;
  /** The latest day that can be picked (`YYYY-MM-DD`). */
  max?: string;
}

/** Two labelled date fields (`YYYY-MM-DD` values) in a fieldset, with one error line. */
export function DateRange(props: DateRangeProps) {
  const id = useId();
  const invalid = props.error ? true : undefined;
  return (
    <fieldset className="date-range" aria-describedby={props.error ? `${id}-error` : undefined}>
      <legend>{props.legend}</legend>
      <div className="date-range-row">
        <Field id={`${id}-from`} label={props.fromLabel}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={props.from}
              max={props.max}
              aria-invalid={invalid}
              onChange={(event) => props.onChange({ from: event.target.value, to: props.to })}
            />
          )}
        </Field>
        <Field id={`${id}-to`} label={props.toLabel}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={props.to}
              max={props.max}
              aria-invalid={invalid}
              onChange={(event) => props.onChange({ from: props.from, to: event.target.value })}
            />
          )}
        </Field>
      </div>
      {props.error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}
