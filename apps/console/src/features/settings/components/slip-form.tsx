import { Field } from '@/components/form';
import { useI18n } from '@/i18n/i18n';
import { saveSetting, type SiteAnswer } from '../api';
import { num } from '../lib/number';
import { SettingCard, useDraft, type FormProps } from './setting-card';

type Site = SiteAnswer['settings'];

const MB = 1024 * 1024;

export function SlipForm({ value, change, onSaved }: FormProps<Site['slip']>) {
  const { t } = useI18n();
  const toDraft = (v: Site['slip']) => ({
    window: String(v.uploadWindowMinutes),
    closed: v.closedFrom !== null,
    from: v.closedFrom ?? '',
    to: v.closedTo ?? '',
    mb: String(Math.round((v.maxFileBytes / MB) * 10) / 10),
  });
  const d = useDraft(toDraft(value));
  const badWindow = d.draft.closed && (!d.draft.from || !d.draft.to || d.draft.from === d.draft.to);
  return (
    <SettingCard
      id="slip"
      title={t('settings.slip.title')}
      change={change}
      dirty={d.dirty}
      problem={badWindow ? t('settings.slip.bothEnds') : null}
      onReset={d.reset}
      onSave={async () => {
        const answer = await saveSetting.slip({
          uploadWindowMinutes: num(d.draft.window),
          closedFrom: d.draft.closed ? d.draft.from : null,
          closedTo: d.draft.closed ? d.draft.to : null,
          maxFileBytes: Math.round(num(d.draft.mb) * MB),
        });
        d.saved(toDraft(answer));
        onSaved();
      }}
    >
      <div className="setting-row">
        <Field id="slip-window" label={t('settings.slip.window')}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={d.draft.window}
              onChange={(e) => d.setDraft({ ...d.draft, window: e.target.value })}
            />
          )}
        </Field>
        <Field id="slip-mb" label={t('settings.slip.maxFile')}>
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={d.draft.mb}
              onChange={(e) => d.setDraft({ ...d.draft, mb: e.target.value })}
            />
          )}
        </Field>
      </div>
      <label className="setting-check">
        <input
          type="checkbox"
          checked={d.draft.closed}
          onChange={(e) => d.setDraft({ ...d.draft, closed: e.target.checked })}
        />
        {t('settings.slip.closed')}
      </label>
      {d.draft.closed ? (
        <div className="setting-row">
          <Field id="slip-from" label={t('settings.slip.closedFrom')}>
            {(control) => (
              <input
                {...control}
                type="time"
                value={d.draft.from}
                onChange={(e) => d.setDraft({ ...d.draft, from: e.target.value })}
              />
            )}
          </Field>
          <Field id="slip-to" label={t('settings.slip.closedTo')}>
            {(control) => (
              <input
                {...control}
                type="time"
                value={d.draft.to}
                onChange={(e) => d.setDraft({ ...d.draft, to: e.target.value })}
              />
            )}
          </Field>
        </div>
      ) : null}
    </SettingCard>
  );
}
