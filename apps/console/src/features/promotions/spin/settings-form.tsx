// The coin and coupon settings of the spins.
import { promotionLimits as L } from '@wallet/contract/client';
import { useEffect, useState } from 'react';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { useSaveSpinSettings, type SpinSettings } from '../api';
import { InputField } from '../fields';
import { bahtIn, collector, intIn, numberText, type Problems } from '../form';
import { saveErrorText } from '../shared';

const settingsText = (s: SpinSettings) => ({
  coinPer: numberText(s.coinPer),
  couponHours: numberText(s.couponHours),
  maxCoinsPerDay: numberText(s.maxCoinsPerDay),
  turnoverPercent: numberText(s.turnoverPercent),
  failPercent: numberText(s.failPercent),
});
type SettingsText = ReturnType<typeof settingsText>;

/**
 * The coin and coupon settings (decisions 0082, 0112): deposit per coin, coupon lifetime, the
 * coins a member can earn per Bangkok day, and the coupon grant's turnover (% of the prize,
 * 100 to 1,000 in steps of 100) and percentFail (0 to 100), checked as the server does.
 */
export function SpinSettingsForm({ settings }: { settings: SpinSettings }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const save = useSaveSpinSettings();
  const [d, setD] = useState<SettingsText>(() => settingsText(settings));
  const set = (patch: Partial<SettingsText>) => setD((current) => ({ ...current, ...patch }));
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setD(settingsText(settings));
  }, [settings]);
  const submit = () => {
    const c = collector();
    const turnover = c.take('turnoverPercent', intIn(d.turnoverPercent, L.turnoverPercent));
    if (turnover !== undefined && turnover % 100 !== 0) c.take('turnoverPercent', 'KEY_INVALID');
    const body = {
      coinPer: c.take('coinPer', bahtIn(d.coinPer, 0.01)),
      couponHours: c.take('couponHours', intIn(d.couponHours, L.couponHours)),
      maxCoinsPerDay: c.take('maxCoinsPerDay', intIn(d.maxCoinsPerDay, L.maxCoinsPerDay)),
      turnoverPercent: turnover,
      failPercent: c.take('failPercent', intIn(d.failPercent, L.percent)),
    };
    setProblems(c.problems);
    setError(null);
    if (!c.ok()) return;
    save.mutate(body, {
      onSuccess: () => toast.show(t('promotions.form.saved')),
      onError: (e) => setError(saveErrorText(e, errorText)),
    });
  };
  return (
    <form
      className="card promo-settings"
      noValidate
      aria-label={t('promotions.spin.settingsTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) submit();
      }}
    >
      <h2>{t('promotions.spin.settingsTitle')}</h2>
      <div className="promo-grid">
        <InputField
          label={t('promotions.spin.fields.coinPer')}
          hint={t('promotions.spin.hints.coinPer')}
          inputMode="decimal"
          suffix="฿"
          value={d.coinPer}
          problem={problems.coinPer}
          onChange={(coinPer) => set({ coinPer })}
        />
        <InputField
          label={t('promotions.spin.fields.couponHours')}
          hint={t('promotions.spin.hints.couponHours')}
          inputMode="numeric"
          value={d.couponHours}
          problem={problems.couponHours}
          onChange={(couponHours) => set({ couponHours })}
        />
        <InputField
          label={t('promotions.spin.fields.maxCoinsPerDay')}
          hint={t('promotions.spin.hints.maxCoinsPerDay')}
          inputMode="numeric"
          value={d.maxCoinsPerDay}
          problem={problems.maxCoinsPerDay}
          onChange={(maxCoinsPerDay) => set({ maxCoinsPerDay })}
        />
        <InputField
          label={t('promotions.spin.fields.turnoverPercent')}
          hint={t('promotions.spin.hints.turnoverPercent')}
          inputMode="numeric"
          suffix="%"
          value={d.turnoverPercent}
          problem={problems.turnoverPercent}
          onChange={(turnoverPercent) => set({ turnoverPercent })}
        />
        <InputField
          label={t('promotions.spin.fields.failPercent')}
          hint={t('promotions.spin.hints.failPercent')}
          inputMode="numeric"
          suffix="%"
          value={d.failPercent}
          problem={problems.failPercent}
          onChange={(failPercent) => set({ failPercent })}
        />
      </div>
      {Object.keys(problems).length > 0 ? (
        <p className="alert" role="alert">
          {t('promotions.form.invalid')}
        </p>
      ) : null}
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? t('promotions.form.saving') : t('promotions.form.save')}
      </button>
    </form>
  );
}
