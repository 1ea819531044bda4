// The invite bonus and cashback refund settings (decisions 0071, 0074, 0075): two forms,
// each read from the server and saved whole.
import { promotionLimits as L } from '@wallet/contract/client';
import { useEffect, useState } from 'react';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import {
  useInviteSettings,
  useRefundSettings,
  useSaveInvite,
  useSaveRefund,
  type InviteSettings,
  type RefundSettings,
} from './api';
import { BannersField, checkBanners, type BannerDraft } from './banners-field';
import { CheckField, InputField, LocalizedField } from './fields';
import {
  bahtIn,
  collector,
  intIn,
  numberText,
  rateIn,
  type Localized,
  type Problems,
} from './form';
import { LoadFailed, saveErrorText } from './shared';

interface Common {
  enabled: boolean;
  ratePercent: string;
  minimum: string;
  successPercent: string;
  failPercent: string;
  banners: BannerDraft[];
}

/** A settings form's frame: title, fields, the refusal, Save. */
function SettingsForm(props: {
  title: string;
  intro: string;
  testId: string;
  busy: boolean;
  invalid: boolean;
  error: string | null;
  onSubmit: () => void;
  children: React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <form
      className="card promo-settings"
      noValidate
      aria-label={props.title}
      data-testid={props.testId}
      onSubmit={(event) => {
        event.preventDefault();
        if (!props.busy) props.onSubmit();
      }}
    >
      <h2>{props.title}</h2>
      <p className="muted">{props.intro}</p>
      {props.children}
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
      <button
        type="submit"
        className="btn btn-primary"
        disabled={props.busy}
        aria-busy={props.busy || undefined}
      >
        {props.busy ? t('promotions.form.saving') : t('promotions.form.save')}
      </button>
    </form>
  );
}

/** The fields both programmes share. */
function CommonFields({
  d,
  set,
  problems,
  rateHint,
}: {
  d: Common;
  set: (patch: Partial<Common>) => void;
  problems: Problems;
  rateHint: string;
}) {
  const { t } = useI18n();
  return (
    <>
      <CheckField
        label={t('promotions.rates.fields.enabled')}
        checked={d.enabled}
        onChange={(enabled) => set({ enabled })}
      />
      <div className="promo-grid">
        <InputField
          label={t('promotions.rates.fields.ratePercent')}
          hint={rateHint}
          inputMode="decimal"
          suffix="%"
          value={d.ratePercent}
          problem={problems.ratePercent}
          onChange={(ratePercent) => set({ ratePercent })}
        />
        <InputField
          label={t('promotions.rates.fields.minimum')}
          hint={t('promotions.rates.hints.minimum')}
          inputMode="decimal"
          suffix="฿"
          value={d.minimum}
          problem={problems.minimum}
          onChange={(minimum) => set({ minimum })}
        />
        <InputField
          label={t('promotions.rates.fields.successPercent')}
          hint={t('promotions.rates.hints.successPercent')}
          inputMode="numeric"
          suffix="%"
          value={d.successPercent}
          problem={problems.successPercent}
          onChange={(successPercent) => set({ successPercent })}
        />
        <InputField
          label={t('promotions.rates.fields.failPercent')}
          hint={t('promotions.rates.hints.failPercent')}
          inputMode="numeric"
          suffix="%"
          value={d.failPercent}
          problem={problems.failPercent}
          onChange={(failPercent) => set({ failPercent })}
        />
      </div>
    </>
  );
}

const commonOf = (s: InviteSettings | RefundSettings): Common => ({
  enabled: s.enabled,
  ratePercent: numberText(s.ratePercent),
  minimum: numberText(s.minimum),
  successPercent: numberText(s.successPercent),
  failPercent: numberText(s.failPercent),
  banners: s.banners.map((b) => ({ image: b.image, html: b.html })),
});

function checkCommon(c: ReturnType<typeof collector>, d: Common) {
  const success = c.take('successPercent', intIn(d.successPercent, L.turnoverPercent));
  if (success !== undefined && success % 100 !== 0) c.take('successPercent', 'KEY_INVALID');
  return {
    enabled: d.enabled,
    ratePercent: c.take('ratePercent', rateIn(d.ratePercent)),
    minimum: c.take('minimum', bahtIn(d.minimum, 0.01)),
    successPercent: success,
    failPercent: c.take('failPercent', intIn(d.failPercent, L.percent)),
    banners: checkBanners(c, d.banners, L.settingsHtmlMax),
  };
}

function InviteForm({ settings }: { settings: InviteSettings }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const save = useSaveInvite();
  const [d, setD] = useState({ ...commonOf(settings), cap: numberText(settings.capPerDeposit) });
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setD({ ...commonOf(settings), cap: numberText(settings.capPerDeposit) });
  }, [settings]);

  const submit = () => {
    const c = collector();
    const common = checkCommon(c, d);
    const capPerDeposit = c.take('cap', bahtIn(d.cap, 0.01));
    setProblems(c.problems);
    setError(null);
    if (!c.ok()) return;
    save.mutate(
      { ...common, capPerDeposit },
      {
        onSuccess: () => toast.show(t('promotions.form.saved')),
        onError: (e) => setError(saveErrorText(e, errorText)),
      },
    );
  };
  return (
    <SettingsForm
      title={t('promotions.rates.invite.title')}
      intro={t('promotions.rates.invite.intro')}
      testId="invite-form"
      busy={save.isPending}
      invalid={Object.keys(problems).length > 0}
      error={error}
      onSubmit={submit}
    >
      <CommonFields
        d={d}
        set={(patch) => setD({ ...d, ...patch })}
        problems={problems}
        rateHint={t('promotions.rates.hints.inviteRate')}
      />
      <InputField
        label={t('promotions.rates.fields.capPerDeposit')}
        hint={t('promotions.rates.hints.capPerDeposit')}
        inputMode="decimal"
        suffix="฿"
        value={d.cap}
        problem={problems.cap}
        onChange={(cap) => setD({ ...d, cap })}
      />
      <BannersField
        value={d.banners}
        onChange={(banners) => setD({ ...d, banners })}
        problems={problems}
        max={L.settingsBannersMax}
        htmlMax={L.settingsHtmlMax}
      />
    </SettingsForm>
  );
}

function RefundForm({ settings }: { settings: RefundSettings }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const save = useSaveRefund();
  const draftOf = (s: RefundSettings) => ({
    ...commonOf(s),
    claimDays: numberText(s.claimDays),
    info: s.info as Localized,
  });
  const [d, setD] = useState(draftOf(settings));
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setD(draftOf(settings));
  }, [settings]);

  const submit = () => {
    const c = collector();
    const common = checkCommon(c, d);
    const claimDays = c.take('claimDays', intIn(d.claimDays, L.claimDays));
    const info = c.localized('info', d.info, L.settingsHtmlMax, false);
    setProblems(c.problems);
    setError(null);
    if (!c.ok()) return;
    save.mutate(
      { ...common, claimDays, info },
      {
        onSuccess: () => toast.show(t('promotions.form.saved')),
        onError: (e) => setError(saveErrorText(e, errorText)),
      },
    );
  };
  return (
    <SettingsForm
      title={t('promotions.rates.refund.title')}
      intro={t('promotions.rates.refund.intro')}
      testId="refund-form"
      busy={save.isPending}
      invalid={Object.keys(problems).length > 0}
      error={error}
      onSubmit={submit}
    >
      <CommonFields
        d={d}
        set={(patch) => setD({ ...d, ...patch })}
        problems={problems}
        rateHint={t('promotions.rates.hints.refundRate')}
      />
      <InputField
        label={t('promotions.rates.fields.claimDays')}
        hint={t('promotions.rates.hints.claimDays')}
        inputMode="numeric"
        value={d.claimDays}
        problem={problems.claimDays}
        onChange={(claimDays) => setD({ ...d, claimDays })}
      />
      <LocalizedField
        legend={t('promotions.rates.fields.info')}
        hint={t('promotions.rates.hints.info')}
        field="info"
        value={d.info}
        problems={problems}
        maxLength={L.settingsHtmlMax}
        multiline
        onChange={(info) => setD({ ...d, info })}
      />
      <BannersField
        value={d.banners}
        onChange={(banners) => setD({ ...d, banners })}
        problems={problems}
        max={L.settingsBannersMax}
        htmlMax={L.settingsHtmlMax}
      />
    </SettingsForm>
  );
}

export function RatesTab() {
  const invite = useInviteSettings();
  const refund = useRefundSettings();
  const { t } = useI18n();
  return (
    <section className="promo-tab promo-rates" data-testid="rates-tab">
      {invite.isError ? (
        <LoadFailed error={invite.error} onRetry={() => void invite.refetch()} />
      ) : invite.data ? (
        <InviteForm settings={invite.data} />
      ) : (
        <p role="status">{t('app.loading')}</p>
      )}
      {refund.isError ? (
        <LoadFailed error={refund.error} onRetry={() => void refund.refetch()} />
      ) : refund.data ? (
        <RefundForm settings={refund.data} />
      ) : (
        <p role="status">{t('app.loading')}</p>
      )}
    </section>
  );
}
