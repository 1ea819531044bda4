import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { useAsyncAction } from '@/hooks/use-async-action';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { useActivatePromotion } from '@/features/bonus/api/activate-promotion';
import { useFindPromotion } from '@/features/bonus/api/find-promotion';
import { BonusTerms } from '@/features/bonus/components/bonus-terms';

/**
 * The promotion dialog (spec section 2): searching, not found, or the promotion's percentFail
 * percent, description and terms with a receive button. The code travels upper case.
 * Refusals (NO_PROMOTION, PROMOTION_RECEIVED, BONUS_*) are a red toast in the member's language.
 */
export function PromotionDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { t, locale } = useI18n();
  const upper = code.toUpperCase();
  const found = useFindPromotion(upper, locale);
  const activate = useActivatePromotion();
  const promotion = found.data ?? null;

  const receiving = useAsyncAction((code: string) => activate.mutateAsync(code));
  const receive = async () => {
    if (!promotion) return;
    const outcome = await receiving.run(promotion.code.toUpperCase());
    if (!outcome) return;
    if (outcome.ok) {
      toast.success(t('bonus.promotionToast'));
      onClose();
    } else {
      toast.error(errorMessage(outcome.error));
    }
  };

  return (
    <Dialog
      title={`${t('bonus.promotionTitle')} ${upper}`}
      onClose={onClose}
      testId="promotion-dialog"
      footer={
        promotion ? (
          <Button
            block
            pending={receiving.pending}
            onClick={() => void receive()}
            data-testid="promotion-receive"
          >
            {t('bonus.receive')}
          </Button>
        ) : null
      }
    >
      {found.isPending ? (
        <div className="promotion-dialog__state" role="status" data-testid="promotion-searching">
          <Spinner />
          <span>{t('bonus.searching')}</span>
        </div>
      ) : null}
      {found.isError ? (
        <p className="form__error" role="alert" data-testid="promotion-error">
          {errorMessage(found.error)}
        </p>
      ) : null}
      {found.isSuccess && !promotion ? (
        <p className="promotion-dialog__state" role="status" data-testid="promotion-not-found">
          {t('bonus.notFound', { code: upper })}
        </p>
      ) : null}
      {promotion ? (
        <>
          <p className="bonus-tag" data-testid="promotion-percent-fail">
            {t('bonus.percentFail', { percent: promotion.percentFail })}
          </p>
          <p className="promotion-dialog__description" data-testid="promotion-description">
            {promotion.description}
          </p>
          <BonusTerms terms={promotion.terms} percentFail={promotion.percentFail} />
        </>
      ) : null}
    </Dialog>
  );
}
