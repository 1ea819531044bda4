// The thresholds of the markers of harm (decision 0146): admins change them; support reads.
import { useState } from 'react';
import { Alert, Field } from '@/components/form';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { useSaveHarmSettings, type HarmSettings } from '../api';

const FIELDS = [
  'depositAfterLossMinutes',
  'depositAfterLossCount',
  'depositsPerDay',
  'cancelledWithdrawals',
  'longSessionHours',
  'lateNightNights',
  'limitRaises',
] as const satisfies readonly (keyof HarmSettings)[];

export function HarmSettingsForm({
  settings,
  mayEdit,
}: {
  settings: HarmSettings;
  mayEdit: boolean;
}) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(FIELDS.map((f) => [f, String(settings[f])])),
  );
  const save = useSaveHarmSettings({ onSuccess: () => toast.show(t('harm.done.saved')) });
  return (
    <form
      className="card harm-settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          Object.fromEntries(FIELDS.map((f) => [f, Number(draft[f])])) as unknown as HarmSettings,
        );
      }}
    >
      <h2>{t('harm.settingsTitle')}</h2>
      <div className="harm-settings-grid">
        {FIELDS.map((f) => (
          <Field key={f} label={t(`harm.setting.${f}`)}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                value={draft[f]}
                readOnly={!mayEdit}
                onChange={(event) => setDraft({ ...draft, [f]: event.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
      {save.error ? (
        <Alert>{errorText((save.error as { code?: string }).code ?? 'UNKNOWN')}</Alert>
      ) : null}
      {mayEdit ? (
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('harm.save')}
        </button>
      ) : (
        <p className="muted">{t('harm.adminOnly')}</p>
      )}
    </form>
  );
}
