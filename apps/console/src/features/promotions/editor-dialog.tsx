// A modal form of the promotions section (create / edit): focus moves in and stays, Escape
// or Cancel closes and focus returns to the opener; Save submits; a refusal of the server is
// shown inside, translated from its catalogue code.
import { useId, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { Alert, FormActions } from '@/components/form';
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
      <Alert>{props.invalid ? t('promotions.form.invalid') : null}</Alert>
      <Alert>{props.error}</Alert>
      <FormActions
        cancelLabel={props.readOnly ? t('app.close') : t('dialog.cancel')}
        onCancel={props.onCancel}
        submitLabel={
          props.readOnly
            ? undefined
            : props.busy
              ? t('promotions.form.saving')
              : t('promotions.form.save')
        }
        form={`${id}-form`}
        busy={props.busy}
        submitTestId="promo-save"
      />
    </Dialog>
  );
}
