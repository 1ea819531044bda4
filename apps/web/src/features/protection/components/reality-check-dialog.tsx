import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n/use-i18n';
import { protectionQueryKey, useProtection } from '@/lib/api/get-protection';
import { useWallet } from '@/lib/api/get-wallet';
import { currencySign, formatAmount } from '@/lib/money';
import { elapsedParts } from '@/features/protection/lib/reality-check';
import './reality-check-dialog.css';

/** The reality check: time since sign-in, the session's net result, and three ways on. */
export function RealityCheckDialog({
  startedAt,
  onKeepPlaying,
  onStatement,
  onLogout,
}: {
  startedAt: string;
  onKeepPlaying: () => void;
  onStatement: () => void;
  onLogout: () => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const protection = useProtection();
  const wallet = useWallet();
  useEffect(() => {
    // The session's result as of now.
    void queryClient.invalidateQueries({ queryKey: protectionQueryKey });
  }, [queryClient]);
  const net = protection.data?.session?.netResult ?? 0;
  const sign = currencySign(wallet.data?.wallet.currency);
  const { hours, minutes } = elapsedParts(Date.parse(startedAt), Date.now());
  return (
    <Dialog
      role="alertdialog"
      title={t('protection.realityTitle')}
      onClose={onKeepPlaying}
      testId="reality-check-dialog"
      footer={
        <div className="form__actions form__actions--stack">
          <Button block onClick={onKeepPlaying} data-autofocus data-testid="reality-keep-playing">
            {t('protection.keepPlaying')}
          </Button>
          <Link
            className="button button--secondary button--block"
            to={paths.statement}
            onClick={(event) => {
              // Navigate first, then close: the dialog's Back entry then stays under the
              // statement's (lib/back-layers.ts) instead of undoing the navigation.
              event.preventDefault();
              void Promise.resolve(navigate(paths.statement)).then(onStatement);
            }}
            data-testid="reality-statement"
          >
            {t('protection.seeStatement')}
          </Link>
          <Button variant="ghost" block onClick={onLogout} data-testid="reality-logout">
            {t('protection.logOut')}
          </Button>
        </div>
      }
    >
      <p data-testid="reality-since">
        {t('protection.realitySince', {
          duration: t('protection.realityDuration', { hours, minutes }),
        })}
      </p>
      <p data-testid="reality-net">
        {t('protection.realityNet', {
          amount: `${net < 0 ? '-' : ''}${sign}${formatAmount(Math.abs(net))}`,
        })}
      </p>
    </Dialog>
  );
}
