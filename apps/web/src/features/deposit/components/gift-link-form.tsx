import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { toast } from '@/components/toast/toast-store';
import { useActionKey } from '@/hooks/use-action-key';
import { useAsyncAction } from '@/hooks/use-async-action';
import { useI18n } from '@/i18n/use-i18n';
import { formatAmount } from '@/lib/money';
import { moneyFormatter } from '@/lib/money-formatter';
import { useRedeemGiftLink } from '@/features/deposit/api/redeem-gift-link';
import { giftLinkRefusal } from '@/features/deposit/lib/deposit-refusal';

/**
 * The wallet-link deposit (spec sections 2, 5 and 9): a gift link input with a send button,
 * disabled while empty; the text states the 2-baht minimum and the registered phone. The
 * link is encrypted in the browser before it is sent (decision 0030). Success: 'link sent'
 * and the wallet reloads; failures (TRUELINK_DUPLICATE, TRUELINK_INVALID with its reason:
 * another phone, under 2 baht, expired, ...) a red toast.
 */
export function GiftLinkForm({
  phone,
  currency,
  onRedeemed,
}: {
  phone: string;
  /** The wallet's currency (a limit's refusal says what still fits in it). */
  currency?: string;
  onRedeemed: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const redeem = useRedeemGiftLink();
  const actionKey = useActionKey();
  const [link, setLink] = useState('');
  const trimmed = link.trim();

  const sending = useAsyncAction((plain: string) => {
    // The fingerprint is the plain link: its ciphertext differs on every send.
    const idempotencyKey = actionKey.for(JSON.stringify(['truelink', plain]));
    return redeem.mutateAsync({ link: plain, idempotencyKey });
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '') return;
    const outcome = await sending.run(trimmed);
    if (!outcome) return;
    if (!outcome.ok) {
      actionKey.settle(outcome.error);
      toast.error(giftLinkRefusal(outcome.error, phone, moneyFormatter(currency)));
      return;
    }
    actionKey.settle();
    toast.success(t('gift.sent', { amount: formatAmount(outcome.value.amount) }));
    setLink('');
    onRedeemed();
  };

  return (
    <form
      className="gift-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="gift-form"
    >
      {/* The section heading above says "Gift link"; the label is for screen readers. */}
      <label className="visually-hidden" htmlFor={id}>
        {t('gift.label')}
      </label>
      <div className="gift-form__row">
        <input
          id={id}
          className="input"
          name="link"
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('gift.placeholder')}
          value={link}
          onChange={(event) => setLink(event.target.value)}
          aria-describedby={`${id}-rules`}
          data-testid="gift-link-input"
        />
        <Button
          type="submit"
          disabled={trimmed === ''}
          pending={sending.pending}
          data-testid="gift-send"
        >
          {t('gift.send')}
        </Button>
      </div>
      <p className="field__hint" id={`${id}-rules`} data-testid="gift-rules">
        {t('gift.rules', { phone })}
      </p>
    </form>
  );
}
