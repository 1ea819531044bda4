// The console's small form kit (issue 27): a labelled field with its hint and its problem, the
// alert line of a form, and the Cancel / Submit row of a dialog form. The look stays in
// styles/global.css (.field, .field-error, .alert) and dialog.css (.dialog-actions).
import { useId, type ReactNode } from 'react';
import './dialog.css';

/** What a control needs to be tied to its label, hint and problem. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** A line under the control, tied to it by aria-describedby. */
  hint?: ReactNode;
  /** Classes of the hint line (default `muted`). */
  hintClassName?: string;
  /** The problem (translated), shown as a field error and marking the control invalid. */
  error?: ReactNode;
  /** The control's id when the caller needs it (to focus it); else one of its own. */
  id?: string;
  /** More ids that describe the control (a note shown elsewhere). */
  describedBy?: string | undefined;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}

/** One labelled control with its hint and its problem. */
export function Field(props: FieldProps) {
  const own = useId();
  const id = props.id ?? own;
  const hasError = props.error !== undefined && props.error !== null && props.error !== false;
  const describedBy = [
    hasError ? `${id}-error` : '',
    props.hint ? `${id}-hint` : '',
    props.describedBy ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={props.className ? `field ${props.className}` : 'field'}>
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        'aria-invalid': hasError ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {props.hint ? (
        <p id={`${id}-hint`} className={props.hintClassName ?? 'muted'}>
          {props.hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={`${id}-error`} className="field-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** The failure of a form or a list, announced (nothing when there is none). */
export function Alert({ children }: { children?: ReactNode }) {
  if (children === undefined || children === null || children === false || children === '')
    return null;
  return (
    <p className="alert" role="alert">
      {children}
    </p>
  );
}

export interface FormActionsProps {
  cancelLabel: ReactNode;
  onCancel: () => void;
  /** The submit button's words; none: only the cancel (close) button. */
  submitLabel?: ReactNode;
  busy?: boolean;
  /** Red submit for what cannot be undone. */
  danger?: boolean;
  /** The form the submit button belongs to, when it sits outside it. */
  form?: string;
  submitTestId?: string;
}

/** The Cancel / Submit row at the foot of a dialog form. */
export function FormActions(props: FormActionsProps) {
  const busy = props.busy ?? false;
  return (
    <div className="dialog-actions">
      <button type="button" className="btn" onClick={props.onCancel} disabled={busy}>
        {props.cancelLabel}
      </button>
      {props.submitLabel === undefined ? null : (
        <button
          type="submit"
          form={props.form}
          className={props.danger ? 'btn btn-danger' : 'btn btn-primary'}
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid={props.submitTestId}
        >
          {props.submitLabel}
        </button>
      )}
    </div>
  );
}
