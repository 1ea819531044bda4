import { useState } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { useWallet, type GameAccount } from '@/lib/api/get-wallet';
import { moneyFormatter } from '@/lib/money-formatter';
import { useActivateSlot } from '@/features/home/api/activate-slot';
import { useSlotAccount } from '@/features/home/api/get-slot-account';
import { useResetSlotPassword } from '@/features/home/api/reset-slot-password';
import { useSlotLaunch } from '@/features/home/hooks/use-slot-launch';
import { transferOnlyPreset, type TransferPreset } from '@/features/home/lib/transfer-rules';
import { LaunchNotice } from '@/features/home/components/launch-notice';
import { SlotAccountActions } from '@/features/home/components/slot-account-actions';
import { SlotAccountCredentials } from '@/features/home/components/slot-account-credentials';
import { SlotAccountFigures } from '@/features/home/components/slot-account-figures';
import './home-dialogs.css';

/**
 * The slot account dialog (spec section 2): credentials only when the account is active;
 * activate, reset password, transfer-only, Android and iOS app buttons and the web launch
 * (hooks/use-slot-launch.ts). One error line serves the launch, the reset and the activation.
 */
export function SlotAccountDialog({
  code,
  onClose,
  onTransferOnly,
  blocked = false,
}: {
  code: string;
  onClose: () => void;
  onTransferOnly: (preset: TransferPreset) => void;
  /** A time-out or self-exclusion is in force: no launch, no transfer into the game (0139). */
  blocked?: boolean;
}) {
  const { t } = useI18n();
  const wallet = useWallet();
  const slot: GameAccount | undefined = wallet.data?.slots.find((item) => item.code === code);
  const active = slot?.isActive ?? false;
  const account = useSlotAccount(code, active);
  const activate = useActivateSlot();
  const reset = useResetSlotPassword();
  const [problem, setProblem] = useState<string | null>(null);
  const launch = useSlotLaunch(setProblem, moneyFormatter(wallet.data?.wallet.currency));

  if (!slot) {
    return (
      <Dialog title={code} onClose={onClose} testId="slot-account-dialog">
        {wallet.isPending ? <Spinner /> : <p className="form__error">{t('errors.NO_GAME')}</p>}
      </Dialog>
    );
  }

  const preset = transferOnlyPreset(wallet.data?.wallet.amount ?? 0, slot);
  const credentialsProblem = account.isError ? errorMessage(account.error) : null;

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
          <SlotAccountFigures slot={slot} currency={wallet.data?.wallet.currency} />
          <SlotAccountCredentials pending={account.isPending} account={account.data} />
        </>
      ) : (
        <p className="muted" data-testid="slot-account-inactive">
          {t('slotAccount.notActive', { name: slot.name })}
        </p>
      )}

      <p className="form__error" role="alert" data-testid="slot-account-error">
        {problem ?? credentialsProblem ?? ''}
      </p>

      {launch.notice ? (
        <LaunchNotice
          text={launch.notice.text}
          onCancel={launch.cancelNotice}
          onContinue={launch.continueNotice}
        />
      ) : null}

      {blocked ? (
        <p className="form__error" data-testid="slot-blocked">
          {t('protection.blockPaused')}
        </p>
      ) : null}
      <div className="slot-dialog__actions">
        {active ? (
          <SlotAccountActions
            slot={slot}
            launching={launch.launching}
            playDisabled={blocked || (account.isPending && !account.data)}
            onPlay={() => launch.play(slot, account.data ?? null)}
            transferOnlyDisabled={blocked || preset === null}
            onTransferOnly={() => preset && onTransferOnly(preset)}
            resetting={reset.isPending}
            onResetPassword={() => {
              setProblem(null);
              reset.mutate(code, {
                onSuccess: () => toast.success(t('slotAccount.passwordReset')),
                onError: (error) => setProblem(errorMessage(error)),
              });
            }}
          />
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
