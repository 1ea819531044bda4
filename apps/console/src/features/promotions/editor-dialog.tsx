// A modal form of the promotions section (create / edit): focus moves in and stays, Escape
// or Cancel closes and focus returns to the opener; Save submits; a refusal of the server is
// shown inside, translated from its catalogue code.
import { useId, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { useI18n } from '@/i18n/i18n';

export function EditorDialog(props: {
  title: string;
  children: ReactNode;
  /** Beside the form (e.g. the member preview); below it on narrow screens. */
  aside?: ReactNode;
  busy: boolean;
  /** A translated failure to show above the buttons. */
  error: string | null;
  /** Shown when the form found problems before sending. */
  invalid: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  testId?: string;
  /** Nothing to save (a list in a dialog): one Close button. */
  readOnly?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.busy) props.onSubmit();
  };
  return (
    <Dialog
      title={props.title}
      busy={props.busy}
      onClose={props.onCancel}
      className={`promo-editor${props.aside ? ' promo-editor-wide' : ''}`}
      testId={props.testId}
    >
      <div className="promo-editor-body">
        <form id={`${id}-form`} onSubmit={submit} noValidate className="promo-editor-form">
          {props.children}
        </form>
        {props.aside ? <aside className="promo-editor-aside">{props.aside}</aside> : null}
      </div>
      {props.invalid ? (
        <p className="alert" role="alert">
          {t('promotions.form.invalid')}
        </p>
      ) : null}
      {props.error ? (
        <p className="alert" role="alert">
          {props.error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={props.onCancel} disabled={props.busy}>
          {props.readOnly ? t('app.close') : t('dialog.cancel')}
        </button>
        {props.readOnly ? null : (
          <button
            type="submit"
            form={`${id}-form`}
            className="btn btn-primary"
            disabled={props.busy}
            aria-busy={props.busy || undefined}
            data-testid="promo-save"
          >
            {props.busy ? t('promotions.form.saving') : t('promotions.form.save')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
