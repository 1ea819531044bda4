import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { useI18n } from '@/i18n/use-i18n';
import type { SlotAccountAnswer } from '@/features/home/api/get-slot-account';
import { CopyIcon } from '@/features/home/components/more-icons';

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

/** The game login of an active slot account, each line with a copy button. */
export function SlotAccountCredentials({
  pending,
  account,
}: {
  pending: boolean;
  account: SlotAccountAnswer | undefined;
}) {
  const { t } = useI18n();
  return (
    <section className="slot-dialog__credentials" aria-label={t('slotAccount.credentials')}>
      {pending ? <Spinner /> : null}
      {account ? (
        <dl className="credentials">
          <Credential
            label={t('slotAccount.username')}
            value={account.username}
            testId="slot-account-username"
          />
          <Credential
            label={t('slotAccount.password')}
            value={account.password}
            testId="slot-account-password"
          />
        </dl>
      ) : null}
    </section>
  );
}
