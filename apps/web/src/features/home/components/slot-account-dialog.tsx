import { useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { buildOptions } from '@/config/build-options';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { currencySign, formatAmount } from '@/lib/money';
import { useActivateSlot } from '@/features/home/api/activate-slot';
import { getAutoLoginLink } from '@/features/home/api/get-auto-login-link';
import { getLaunchLink } from '@/features/home/api/get-launch-link';
import { useSlotAccount } from '@/features/home/api/get-slot-account';
import { useWallet, type GameAccount } from '@/lib/api/get-wallet';
import { useResetSlotPassword } from '@/features/home/api/reset-slot-password';
import { providerUnits } from '@/features/home/lib/balance';
import { planLaunch, safeHttpUrl, ufaTarget, type LaunchPlan } from '@/features/home/lib/launch';
import { openLaunch, prepareTab } from '@/features/home/lib/open-launch';
import { transferOnlyPreset } from '@/features/home/lib/transfer-rules';
import {
  AndroidIcon,
  AppleIcon,
  ArrowsIcon,
  CopyIcon,
  KeyIcon,
  PlayIcon,
} from '@/features/home/components/more-icons';
import './home-dialogs.css';

export interface TransferPreset {
  from: string;
  to: string;
}

function Credential({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useI18n();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('slotAccount.copied', { text: label }));
    } catch {
      toast.error(t('slotAccount.copyFailed'));
    }
  };
  return (
    <div className="credential">
      <dt>{label}</dt>
      <dd>
        <span className="credential__value mono" data-testid={testId}>
          {value}
        </span>
        <button
          type="button"
          className="icon-button"
          onClick={() => void copy()}
          aria-label={t('slotAccount.copy', { field: label })}
        >
          <CopyIcon width={20} height={20} />
        </button>
      </dd>
    </div>
  );
}

function AppLink({
  href,
  label,
  icon,
  testId,
}: {
  href: string | null;
  label: string;
  icon: ReactNode;
  testId: string;
}) {
  const safe = safeHttpUrl(href);
  // Spec section 5: the app buttons are disabled when the link is null.
  if (!safe) {
    return (
      <button type="button" className="button button--secondary" disabled data-testid={testId}>
        {icon}
        <span>{label}</span>
      </button>
    );
  }
  return (
    <a
      className="button button--secondary"
      href={safe}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
    >
      {icon}
      <span>{label}</span>
    </a>
  );
}

/**
 * The slot account dialog (spec section 2): credentials only when the account is active;
 * activate, reset password, transfer-only, Android and iOS app buttons and the web launch.
 */
export function SlotAccountDialog({
  code,
  onClose,
  onTransferOnly,
}: {
  code: string;
  onClose: () => void;
  onTransferOnly: (preset: TransferPreset) => void;
}) {
  const { t } = useI18n();
  const wallet = useWallet();
  const slot: GameAccount | undefined = wallet.data?.slots.find((item) => item.code === code);
  const active = slot?.isActive ?? false;
  const account = useSlotAccount(code, active);
  const activate = useActivateSlot();
  const reset = useResetSlotPassword();
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ plan: LaunchPlan; text: string } | null>(null);
  const [launching, setLaunching] = useState(false);

  if (!slot) {
    return (
      <Dialog title={code} onClose={onClose} testId="slot-account-dialog">
        {wallet.isPending ? <Spinner /> : <p className="form__error">{t('errors.NO_GAME')}</p>}
      </Dialog>
    );
  }

  const preset = transferOnlyPreset(wallet.data?.wallet.amount ?? 0, slot);
  const credentialsProblem = account.isError ? errorMessage(account.error) : null;

  const launch = async (plan: LaunchPlan) => {
    setProblem(null);
    if (plan.kind === 'unavailable') {
      setProblem(t('slotAccount.launchUnavailable'));
      return;
    }
    // Opened inside the click: a tab opened after the await would be blocked.
    const tab = prepareTab(plan.target);
    if (plan.kind === 'url') {
      openLaunch(plan.url, plan.target, tab);
      return;
    }
    setLaunching(true);
    try {
      const { link } =
        plan.kind === 'autoLogin'
          ? await getAutoLoginLink(plan.route, plan.params)
          : await getLaunchLink(plan.code);
      const url =
        plan.kind === 'launchLink' && plan.ufa ? ufaTarget(link, buildOptions) : safeHttpUrl(link);
      if (!url) throw new Error(t('slotAccount.launchUnavailable'));
      openLaunch(url, plan.target, tab);
    } catch (error) {
      tab?.close();
      setProblem(errorMessage(error));
    } finally {
      setLaunching(false);
    }
  };

  const play = () => {
    const plan = planLaunch(slot, account.data ?? null, buildOptions);
    if (plan.kind === 'autoLogin' && plan.notice) {
      setNotice({ plan, text: plan.notice });
      return;
    }
    void launch(plan);
  };

  return (
    <Dialog
      title={slot.name}
      onClose={onClose}
      testId="slot-account-dialog"
      className="slot-dialog"
    >
      <div className="slot-dialog__banner">
        <img className="slot-dialog__bg" src={slot.background} alt="" />
        <img className="slot-dialog__logo" src={slot.logo} alt="" />
      </div>

      {active ? (
        <>
          <dl className="slot-dialog__figures">
            <div>
              <dt>{t('slotAccount.balance')}</dt>
              <dd className="mono" data-testid="slot-account-balance">
                {currencySign(wallet.data?.wallet.currency)}
                {formatAmount(slot.amount)}
              </dd>
            </div>
            <div>
              <dt>{t('slotAccount.providerUnits', { name: slot.name })}</dt>
              <dd className="mono" data-testid="slot-account-units">
                {formatAmount(providerUnits(slot))}
              </dd>
            </div>
          </dl>
          <section className="slot-dialog__credentials" aria-label={t('slotAccount.credentials')}>
            {account.isPending ? <Spinner /> : null}
            {account.data ? (
              <dl className="credentials">
                <Credential
                  label={t('slotAccount.username')}
                  value={account.data.username}
                  testId="slot-account-username"
                />
                <Credential
                  label={t('slotAccount.password')}
                  value={account.data.password}
                  testId="slot-account-password"
                />
              </dl>
            ) : null}
          </section>
        </>
      ) : (
        <p className="muted" data-testid="slot-account-inactive">
          {t('slotAccount.notActive', { name: slot.name })}
        </p>
      )}

      <p className="form__error" role="alert" data-testid="slot-account-error">
        {problem ?? credentialsProblem ?? ''}
      </p>

      {notice ? (
        <div
          className="launch-notice"
          role="group"
          aria-labelledby="launch-notice-title"
          data-testid="launch-notice"
        >
          <p className="launch-notice__title" id="launch-notice-title">
            {t('slotAccount.noticeTitle')}
          </p>
          <p>{notice.text}</p>
          <div className="form__actions">
            <Button variant="secondary" onClick={() => setNotice(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              data-autofocus
              onClick={() => {
                const plan = notice.plan;
                setNotice(null);
                void launch(plan);
              }}
            >
              {t('slotAccount.continue')}
            </Button>
          </div>
        </div>
      ) : null}

      <div className="slot-dialog__actions">
        {active ? (
          <>
            <Button
              block
              className="slot-dialog__play"
              onClick={play}
              pending={launching}
              disabled={account.isPending && !account.data}
              data-testid="slot-play-button"
            >
              <PlayIcon width={18} height={18} />
              {launching ? t('slotAccount.launching') : t('slotAccount.play')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => preset && onTransferOnly(preset)}
              disabled={preset === null}
              data-testid="slot-transfer-only-button"
            >
              <ArrowsIcon width={18} height={18} />
              {t('slotAccount.transferOnly')}
            </Button>
            <Button
              variant="secondary"
              pending={reset.isPending}
              onClick={() => {
                setProblem(null);
                reset.mutate(code, {
                  onSuccess: () => toast.success(t('slotAccount.passwordReset')),
                  onError: (error) => setProblem(errorMessage(error)),
                });
              }}
              data-testid="slot-reset-password-button"
            >
              <KeyIcon width={18} height={18} />
              {t('slotAccount.resetPassword')}
            </Button>
            <AppLink
              href={slot.android}
              label={t('slotAccount.android')}
              icon={<AndroidIcon width={18} height={18} />}
              testId="slot-android-button"
            />
            <AppLink
              href={slot.ios}
              label={t('slotAccount.ios')}
              icon={<AppleIcon width={18} height={18} />}
              testId="slot-ios-button"
            />
          </>
        ) : (
          <Button
            block
            className="slot-dialog__play"
            pending={activate.isPending}
            onClick={() => {
              setProblem(null);
              activate.mutate(code, {
                onSuccess: () => toast.success(t('slotAccount.activated', { name: slot.name })),
                onError: (error) => setProblem(errorMessage(error)),
              });
            }}
            data-testid="slot-activate-button"
          >
            {t('slotAccount.activate')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
