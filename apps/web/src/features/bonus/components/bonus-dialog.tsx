import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { toast } from '@/components/toast/toast-store';
import { useAsyncAction } from '@/hooks/use-async-action';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { useActivateBonus } from '@/features/bonus/api/activate-bonus';
import type { BonusItem } from '@/features/bonus/api/get-bonuses';
import { useNotice } from '@/features/bonus/api/get-notice';
import { fillNotice } from '@/features/bonus/lib/bonus-cards';
import { PromoCarousel } from '@/components/promo-carousel';
import { BonusTerms } from '@/features/bonus/components/bonus-terms';

/**
 * The bonus dialog (spec section 2): the banner carousel, the notice lookup with
 * %percentFail% replaced, the terms (decision 0071), and receive; for the bonus already
 * active, a confirm button that only closes (decision 0078). Refusals (BONUS_ALREADY_ACTIVE,
 * BONUS_MAX_CLAIMED, BONUS_CONDITION, NO_DATA) are a red toast in the member's language.
 */
export function BonusDialog({
  bonus,
  current,
  onClose,
}: {
  bonus: BonusItem;
  current: boolean;
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  // Spec section 8: a failed notice lookup is swallowed; the terms still show.
  const notice = useNotice(locale);
  const activate = useActivateBonus();
  const name = bonus.name ?? bonus.code;

  const receiving = useAsyncAction(() => activate.mutateAsync(bonus.code));
  const receive = async () => {
    const outcome = await receiving.run();
    if (!outcome) return;
    if (outcome.ok) {
      toast.success(t('bonus.receivedToast'));
      onClose();
    } else {
      toast.error(errorMessage(outcome.error));
    }
  };

  return (
    <Dialog
      title={name}
      onClose={onClose}
      testId="bonus-dialog"
      footer={
        current ? (
          <Button block onClick={onClose} data-testid="bonus-confirm">
            {t('bonus.confirm')}
          </Button>
        ) : (
          <Button
            block
            pending={receiving.pending}
            onClick={() => void receive()}
            data-testid="bonus-receive"
          >
            {t('bonus.receive')}
          </Button>
        )
      }
    >
      <PromoCarousel banners={bonus.banners} positionTestId="bonus-banner-position" />
      {notice.data?.notice ? (
        <p className="notice" data-testid="bonus-notice">
          {fillNotice(notice.data.notice, bonus.percentFail)}
        </p>
      ) : null}
      <BonusTerms terms={bonus.terms} percentFail={bonus.percentFail} />
    </Dialog>
  );
}
