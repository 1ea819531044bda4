import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { useI18n } from '@/i18n/use-i18n';
import type { GameAccount } from '@/lib/api/get-wallet';
import { safeHttpUrl } from '@/features/home/lib/launch';
import {
  AndroidIcon,
  AppleIcon,
  ArrowsIcon,
  KeyIcon,
  PlayIcon,
} from '@/features/home/components/more-icons';

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

/** An active slot account's buttons: play (web launch), transfer only, reset password, apps. */
export function SlotAccountActions({
  slot,
  launching,
  playDisabled,
  onPlay,
  transferOnlyDisabled,
  onTransferOnly,
  resetting,
  onResetPassword,
}: {
  slot: GameAccount;
  launching: boolean;
  playDisabled: boolean;
  onPlay: () => void;
  transferOnlyDisabled: boolean;
  onTransferOnly: () => void;
  resetting: boolean;
  onResetPassword: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <Button
        block
        className="slot-dialog__play"
        onClick={onPlay}
        pending={launching}
        disabled={playDisabled}
        data-testid="slot-play-button"
      >
        <PlayIcon width={18} height={18} />
        {launching ? t('slotAccount.launching') : t('slotAccount.play')}
      </Button>
      <Button
        variant="secondary"
        onClick={onTransferOnly}
        disabled={transferOnlyDisabled}
        data-testid="slot-transfer-only-button"
      >
        <ArrowsIcon width={18} height={18} />
        {t('slotAccount.transferOnly')}
      </Button>
      <Button
        variant="secondary"
        pending={resetting}
        onClick={onResetPassword}
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
  );
}
