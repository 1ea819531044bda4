import { Field } from '@/components/form';
import { useI18n } from '@/i18n/i18n';
import { saveSetting, type SiteAnswer } from '../api';
import { baht } from '../lib/number';
import { SettingCard, useDraft, type FormProps } from './setting-card';

type Site = SiteAnswer['settings'];

/** The least and most a member may withdraw at once, in baht. */
export function WithdrawForm({ value, change, onSaved }: FormProps<Site['withdraw']>) {
  const { t } = useI18n();
  const d = useDraft({ min: String(value.withdrawMin), max: String(value.withdrawMax) });
  const min = baht(d.draft.min);
  const max = baht(d.draft.max);
  return (
    <SettingCard
      id="withdraw"
      title={t('settings.withdraw.title')}
      change={change}
      dirty={d.dirty}
      problem={min > max ? t('settings.withdraw.minOverMax') : null}
      onReset={d.reset}
      onSave={async () => {
        const answer = await saveSetting.withdraw({ withdrawMin: min, withdrawMax: max });
        d.saved({ min: String(answer.withdrawMin), max: String(answer.withdrawMax) });
        onSaved();
      }}
    >
      <div className="setting-row">
        <Field id="withdraw-min" label={t('settings.withdraw.min')}>
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={d.draft.min}
              onChange={(e) => d.setDraft({ ...d.draft, min: e.target.value })}
            />
          )}
        </Field>
        <Field id="withdraw-max" label={t('settings.withdraw.max')}>
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={d.draft.max}
              onChange={(e) => d.setDraft({ ...d.draft, max: e.target.value })}
            />
          )}
        </Field>
      </div>
    </SettingCard>
  );
}
