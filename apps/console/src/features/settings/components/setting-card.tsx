// The pieces every settings form shares (decision 0093): a card with its title, the last change
// (who, when: from the audit log), the save and discard buttons, a translated error; and the
// th / la / en fields side by side, with a sanitised preview for HTML.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { HtmlPreview } from '@/components/html-preview';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';

export const SETTING_LANGS = ['th', 'la', 'en'] as const;
export type Localized = Record<(typeof SETTING_LANGS)[number], string>;
/** Who last changed a setting and when (the audit log), or null. */
export type LastChange = { operator: string | null; at: string } | null;

interface SettingCardProps {
  /** Also the test id: `setting-<id>`. */
  id: string;
  title: string;
  change: LastChange | undefined;
  dirty: boolean;
  /** A client-side problem (translated) that keeps Save off. */
  problem?: string | null;
  /** Saves; resolves false when the operator cancelled. */
  onSave: () => Promise<unknown>;
  onReset: () => void;
  children: ReactNode;
}

export function SettingCard(props: SettingCardProps) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (props.problem || busy) return;
    setBusy(true);
    setError(null);
    try {
      // false: the operator cancelled (a confirmation said no); nothing was saved.
      if ((await props.onSave()) !== false) toast.show(t('settings.saved', { name: props.title }));
    } catch (failure) {
      setError(errorText(failure instanceof ApiError ? failure.code : 'INTERNAL_SERVER_ERROR'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="card setting-card"
      aria-labelledby={headingId}
      data-testid={`setting-${props.id}`}
    >
      <header className="setting-head">
        <h2 id={headingId}>{props.title}</h2>
        <p className="muted setting-change">
          {props.change
            ? t('settings.lastChange', {
                operator: props.change.operator ?? '—',
                at: formatDateTime(props.change.at),
              })
            : t('settings.neverChanged')}
        </p>
      </header>
      <form onSubmit={submit} noValidate>
        {props.children}
        {props.problem ? <p className="field-error">{props.problem}</p> : null}
        {error ? (
          <p className="alert" role="alert">
            {error}
          </p>
        ) : null}
        <div className="setting-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !props.dirty || Boolean(props.problem)}
          >
            {busy ? t('settings.saving') : t('settings.save')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={busy || !props.dirty}
            onClick={() => {
              setError(null);
              props.onReset();
            }}
          >
            {t('settings.reset')}
          </button>
        </div>
      </form>
    </section>
  );
}

interface LocalizedFieldsProps {
  /** The legend of the three fields. */
  label: string;
  value: Localized;
  onChange: (value: Localized) => void;
  multiline?: boolean;
  /** HTML: a sanitised preview under each field. */
  html?: boolean;
  maxLength?: number;
  help?: string;
  /** Test id prefix: `<testId>-th`, `-la`, `-en`. */
  testId?: string;
}

/** th / la / en side by side (stacked on a narrow screen). */
export function LocalizedFields(props: LocalizedFieldsProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <fieldset className="localized">
      <legend>{props.label}</legend>
      {props.help ? (
        <p className="muted localized-help" id={`${id}-help`}>
          {props.help}
        </p>
      ) : null}
      <div className="localized-grid">
        {SETTING_LANGS.map((lang) => {
          const langName = t(`settings.langs.${lang}`);
          const common = {
            id: `${id}-${lang}`,
            lang,
            value: props.value[lang],
            maxLength: props.maxLength,
            'aria-describedby': props.help ? `${id}-help` : undefined,
            'data-testid': props.testId ? `${props.testId}-${lang}` : undefined,
            onChange: (event: { target: { value: string } }) =>
              props.onChange({ ...props.value, [lang]: event.target.value }),
          };
          return (
            <div className="field localized-field" key={lang}>
              <label htmlFor={common.id}>{langName}</label>
              {props.multiline || props.html ? (
                <textarea rows={props.html ? 5 : 4} {...common} />
              ) : (
                <input type="text" {...common} />
              )}
              {props.html ? (
                <HtmlPreview
                  html={props.value[lang]}
                  lang={lang}
                  title={t('settings.preview', { lang: langName })}
                />
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Two values equal as JSON (a form is dirty when its draft differs from what is stored). */
export const sameValue = (a: unknown, b: unknown): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

export interface FormProps<T> {
  value: T;
  change: LastChange | undefined;
  /** Refreshes the group's read (the last change). */
  onSaved: () => void;
}

/** A form's draft and stored value; save replaces both with the server's answer. */
export function useDraft<T>(value: T) {
  const [stored, setStored] = useState(value);
  const [draft, setDraft] = useState(value);
  return {
    draft,
    setDraft,
    dirty: !sameValue(draft, stored),
    reset: () => setDraft(stored),
    saved: (next: T) => {
      setStored(next);
      setDraft(next);
    },
  };
}
