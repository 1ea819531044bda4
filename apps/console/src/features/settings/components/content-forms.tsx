// The content group (marketing and admin): notice, contact, conditions, agreements, name and
// website, each in th / la / en. A save answers what the server stored (HTML sanitised), which
// becomes the form's value; the member app shows it at its next lookup.
import { useI18n } from '@/i18n/i18n';
import { Field } from '@/components/form';
import { saveSetting, type ContentAnswer } from '../api';
import {
  LocalizedFields,
  SettingCard,
  useDraft,
  type FormProps,
  type Localized,
} from './setting-card';

type Content = ContentAnswer['settings'];

export function NoticeForm({ value, change, onSaved }: FormProps<Content['notice']>) {
  const { t } = useI18n();
  const d = useDraft(value);
  return (
    <SettingCard
      id="notice"
      title={t('settings.notice.title')}
      change={change}
      dirty={d.dirty}
      onReset={d.reset}
      onSave={async () => {
        d.saved(await saveSetting.notice(d.draft));
        onSaved();
      }}
    >
      <LocalizedFields
        label={t('settings.notice.text')}
        help={t('settings.notice.help')}
        value={d.draft}
        onChange={d.setDraft}
        multiline
        maxLength={2000}
        testId="notice"
      />
    </SettingCard>
  );
}

export function ContactForm({ value, change, onSaved }: FormProps<Content['contact']>) {
  const { t } = useI18n();
  const d = useDraft(value);
  const set = (part: Partial<Content['contact']>) => d.setDraft({ ...d.draft, ...part });
  return (
    <SettingCard
      id="contact"
      title={t('settings.contact.title')}
      change={change}
      dirty={d.dirty}
      onReset={d.reset}
      onSave={async () => {
        d.saved(
          await saveSetting.contact({
            ...d.draft,
            lineQR: d.draft.lineQR?.trim() ? d.draft.lineQR.trim() : null,
          }),
        );
        onSaved();
      }}
    >
      <LocalizedFields
        label={t('settings.contact.text')}
        help={t('settings.htmlHint')}
        value={d.draft.contactText}
        onChange={(contactText) => set({ contactText })}
        html
        testId="contact-text"
      />
      <div className="setting-row">
        <Field id="contact-line-link" label={t('settings.contact.lineLink')}>
          {(control) => (
            <input
              {...control}
              type="url"
              value={d.draft.lineLink}
              onChange={(e) => set({ lineLink: e.target.value })}
            />
          )}
        </Field>
        <Field id="contact-line-name" label={t('settings.contact.lineName')}>
          {(control) => (
            <input
              {...control}
              value={d.draft.lineName}
              maxLength={100}
              onChange={(e) => set({ lineName: e.target.value })}
            />
          )}
        </Field>
        <Field id="contact-line-qr" label={t('settings.contact.lineQR')}>
          {(control) => (
            <input
              {...control}
              value={d.draft.lineQR ?? ''}
              onChange={(e) => set({ lineQR: e.target.value })}
            />
          )}
        </Field>
      </div>
    </SettingCard>
  );
}

const blank: Localized = { th: '', la: '', en: '' };

interface HtmlListFormProps extends FormProps<Localized[]> {
  kind: 'conditions' | 'agreements';
}

/** Conditions or agreements: a list of HTML items, each in three languages. */
export function HtmlListForm({ kind, value, change, onSaved }: HtmlListFormProps) {
  const { t } = useI18n();
  const d = useDraft(value);
  const title = t(`settings.${kind}.title`);
  const update = (index: number, item: Localized | null) => {
    const next = [...d.draft];
    if (item) next[index] = item;
    else next.splice(index, 1);
    d.setDraft(next);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...d.draft];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    d.setDraft(next);
  };
  return (
    <SettingCard
      id={kind}
      title={title}
      change={change}
      dirty={d.dirty}
      onReset={d.reset}
      onSave={async () => {
        if (kind === 'conditions') {
          d.saved(await saveSetting.conditions(d.draft));
        } else {
          d.saved(await saveSetting.agreements(d.draft));
        }
        onSaved();
      }}
    >
      <p className="muted">{t('settings.htmlHint')}</p>
      {d.draft.length === 0 ? <p className="muted">{t('settings.empty')}</p> : null}
      <ol className="setting-list">
        {d.draft.map((item, index) => {
          const label = t('settings.item', { n: index + 1 });
          return (
            <li key={index} className="setting-list-item">
              <LocalizedFields
                label={label}
                value={item}
                onChange={(next) => update(index, next)}
                html
              />
              <div className="setting-item-actions">
                <button
                  type="button"
                  className="btn"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`${t('settings.moveUp')}: ${label}`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn"
                  disabled={index === d.draft.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`${t('settings.moveDown')}: ${label}`}
                >
                  ↓
                </button>
                <button type="button" className="btn btn-link" onClick={() => update(index, null)}>
                  {t('settings.remove')} ({label})
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn"
        disabled={d.draft.length >= 50}
        onClick={() => d.setDraft([...d.draft, { ...blank }])}
      >
        + {t('settings.add')}
      </button>
    </SettingCard>
  );
}

export function InfoForm({ value, change, onSaved }: FormProps<Content['info']>) {
  const { t } = useI18n();
  const d = useDraft(value);
  return (
    <SettingCard
      id="info"
      title={t('settings.info.title')}
      change={change}
      dirty={d.dirty}
      onReset={d.reset}
      onSave={async () => {
        d.saved(await saveSetting.info(d.draft));
        onSaved();
      }}
    >
      <LocalizedFields
        label={t('settings.info.name')}
        value={d.draft.name}
        onChange={(name) => d.setDraft({ ...d.draft, name })}
        maxLength={100}
      />
      <Field id="info-website" label={t('settings.info.website')}>
        {(control) => (
          <input
            {...control}
            type="url"
            value={d.draft.website}
            onChange={(e) => d.setDraft({ ...d.draft, website: e.target.value })}
          />
        )}
      </Field>
    </SettingCard>
  );
}

export function ContentGroup({ data, onSaved }: { data: ContentAnswer; onSaved: () => void }) {
  const { settings, changes } = data;
  return (
    <div className="setting-group">
      <NoticeForm value={settings.notice} change={changes.notice} onSaved={onSaved} />
      <ContactForm value={settings.contact} change={changes.contact} onSaved={onSaved} />
      <HtmlListForm
        kind="conditions"
        value={settings.conditions}
        change={changes.conditions}
        onSaved={onSaved}
      />
      <HtmlListForm
        kind="agreements"
        value={settings.agreements}
        change={changes.agreements}
        onSaved={onSaved}
      />
      <InfoForm value={settings.info} change={changes.info} onSaved={onSaved} />
    </div>
  );
}
