import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { Field } from '@/components/form';
import { useI18n } from '@/i18n/i18n';

/** A temporary password, shown once with a copy button and kept nowhere else. */
export function PasswordDialog(props: { name: string; password: string; onClose: () => void }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.password);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Dialog title={t('operators.password.title', { name: props.name })} onClose={props.onClose}>
      <p>{t('operators.password.text')}</p>
      <Field label={t('operators.password.label')}>
        {(control) => (
          <>
            <div className="operators-password">
              <input
                id={control.id}
                readOnly
                value={props.password}
                className="operators-password-value"
                spellCheck={false}
                onFocus={(event) => event.target.select()}
              />
              <button type="button" className="btn" data-autofocus onClick={() => void copy()}>
                {t('operators.password.copy')}
              </button>
            </div>
            <p className="muted operators-note" role="status">
              {copied === 'yes'
                ? t('operators.password.copied')
                : copied === 'failed'
                  ? t('operators.password.copyFailed')
                  : ''}
            </p>
          </>
        )}
      </Field>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={props.onClose}>
          {t('operators.password.done')}
        </button>
      </div>
    </Dialog>
  );
}
