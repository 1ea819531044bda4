import { useEffect, useId, useState, type ReactNode } from 'react';
import { useI18n } from '@/i18n/i18n';
import { Dialog } from './dialog';
import { Alert, Field, FormActions } from './form';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in words (amounts, the member, ...). */
  children?: ReactNode;
  confirmLabel?: string;
  /** Red confirm button for what cannot be undone (reject, deactivate). */
  danger?: boolean;
  /** Ask for a reason (required, trimmed, at most `reasonMax` characters). */
  reason?: { label?: string; hint?: string; max?: number };
  /** While the action runs: buttons off, the dialog stays. */
  busy?: boolean;
  /** A failure to show inside the dialog (translated). */
  error?: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * A modal confirmation: focus moves in and stays (Tab cycles), Escape or Cancel closes and
 * focus returns to the button that opened it. With `reason`, Confirm needs a reason.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useI18n();
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const { open, busy = false, onCancel } = props;

  useEffect(() => {
    if (open) {
      setReason('');
      setMissing(false);
    }
  }, [open]);

  if (!open) return null;
  const max = props.reason?.max ?? 200;
  const submit = () => {
    const text = reason.trim();
    if (props.reason && !text) {
      setMissing(true);
      return;
    }
    props.onConfirm(text);
  };

  return (
    <Dialog
      title={props.title}
      busy={busy}
      onClose={onCancel}
      describedBy={props.children ? `${id}-body` : undefined}
    >
      {props.children ? (
        <div id={`${id}-body`} className="dialog-body">
          {props.children}
        </div>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        {props.reason ? (
          <Field
            id={`${id}-reason`}
            label={props.reason.label ?? t('dialog.reason')}
            hint={props.reason.hint}
            error={missing ? t('dialog.reasonRequired') : undefined}
          >
            {(control) => (
              <textarea
                {...control}
                data-autofocus
                rows={3}
                maxLength={max}
                required
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (missing && event.target.value.trim()) setMissing(false);
                }}
              />
            )}
          </Field>
        ) : null}
        <Alert>{props.error}</Alert>
        <FormActions
          cancelLabel={t('dialog.cancel')}
          onCancel={onCancel}
          submitLabel={props.confirmLabel ?? t('dialog.confirm')}
          danger={props.danger}
          busy={busy}
        />
      </form>
    </Dialog>
  );
}
