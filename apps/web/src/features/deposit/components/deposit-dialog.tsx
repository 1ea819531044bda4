import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { BankAccount } from '@wallet/contract/client';
import { Dialog } from '@/components/dialog';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { useBackLayer } from '@/hooks/use-back-layer';
import { useI18n } from '@/i18n/use-i18n';
import type { Locale } from '@/i18n/i18n';
import { bankName, depositAccountName } from '@/lib/bank-name';
import { copyText } from '@/lib/clipboard';
import { groupAccountNumber } from '@/lib/format';
import { useDepositLookup, type DepositBank } from '@/features/deposit/api/get-deposit-lookup';
import { qrQueryKeyRoot } from '@/features/deposit/api/get-qr';
import {
  BackIcon,
  ChevronRightIcon,
  CopyIcon,
  QrIcon,
  UploadIcon,
} from '@/features/deposit/components/deposit-icons';
import { EditNameDialog } from '@/features/deposit/components/edit-name-dialog';
import { GiftLinkForm } from '@/features/deposit/components/gift-link-form';
import { QrView } from '@/features/deposit/components/qr-view';
import { SlipUpload } from '@/features/deposit/components/slip-upload';
import { needsEnglishName } from '@/features/deposit/lib/english-name';
import { isQrGateway, type QrGatewayCode } from '@/features/deposit/lib/qr-rules';
import './deposit-dialog.css';

/** Spec section 9: after the name is saved, the copy runs 1 s later. */
export const COPY_AFTER_EDIT_MS = 1000;

export interface DepositMember {
  /** The registered phone number (gift links must come from it). */
  phone: string;
  bankAccount: BankAccount;
  /** The wallet's currency (a limit's refusal says what still fits in it). */
  currency?: string;
}

export interface DepositDialogProps {
  member: DepositMember;
  onClose: () => void;
  /** Money arrived (slip accepted, gift link redeemed): reload the wallet now. */
  onWalletChange: () => void;
  /**
   * The optional deposit-limit offer shown above the options (issue 28, decision 0147),
   * handed in by the app layer; it shows itself only before the first deposit.
   */
  limitOffer?: ReactNode;
}

type View = { kind: 'main' } | { kind: 'qr'; bank: QrGatewayCode; name: string } | { kind: 'slip' };

const nameOf = (entry: Pick<DepositBank, 'bank'>, locale: Locale) => bankName(entry.bank, locale);

function CopyRow({
  label,
  value,
  shown,
  copyLabel,
  testId,
  onCopy,
}: {
  label: string;
  value: string;
  shown: string;
  copyLabel: string;
  testId: string;
  onCopy: (value: string) => void;
}) {
  return (
    <div className="credential">
      <dt>{label}</dt>
      <dd>
        <span className="credential__value mono" data-testid={testId}>
          {shown}
        </span>
        <button
          type="button"
          className="icon-button"
          onClick={() => onCopy(value)}
          aria-label={copyLabel}
          data-testid={`${testId}-copy`}
        >
          <CopyIcon width={20} height={20} />
        </button>
      </dd>
    </div>
  );
}

/**
 * The deposit dialog (spec section 2; layout decision 0031): the operator's bank accounts
 * with copy actions and the slip upload, the QR gateways, and the gift link. QR and slip
 * open as views inside the dialog with a back button, so a phone never stacks two modals.
 * For a member whose registered bank is KTB, TMB or BBL and whose account name is not in
 * English, a copy opens the edit-name dialog first and copies 1 s after saving.
 */
export function DepositDialog({ member, onClose, onWalletChange, limitOffer }: DepositDialogProps) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const lookup = useDepositLookup();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'main' });
  const [accountName, setAccountName] = useState(member.bankAccount.bankAccountName);
  const [pendingCopy, setPendingCopy] = useState<string | null>(null);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const bodyRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => clearTimeout(copyTimer.current), []);
  // Within one opening a QR view reloads only when flagged (another bank created a QR);
  // the next opening starts from the server's state (the QR may have been paid meanwhile).
  useEffect(() => () => queryClient.removeQueries({ queryKey: qrQueryKeyRoot }), [queryClient]);
  // Back (browser or Android) in a QR or slip view returns to the menu, as its back button
  // does; in the menu it closes the dialog (lib/back-layers.ts).
  useBackLayer(() => setView({ kind: 'main' }), view.kind !== 'main');
  // Moving between views puts focus on the new view's first control (the back button). In a layout effect: focus moves in the commit that shows the content, not a frame later
  // (Preact runs plain effects after the next paint; a key pressed meanwhile went elsewhere:
  // decision 0158).
  useLayoutEffect(() => {
    bodyRef.current?.querySelector<HTMLElement>('[data-view-focus]')?.focus();
  }, [view]);

  const copyNow = async (text: string) => {
    if (await copyText(text)) toast.success(t('deposit.copied', { text }));
    else toast.error(t('deposit.copyFailed'));
  };
  const copy = (text: string) => {
    if (needsEnglishName(member.bankAccount.bankCode, accountName)) {
      setPendingCopy(text);
      return;
    }
    void copyNow(text);
  };
  const nameSaved = (name: string) => {
    const text = pendingCopy;
    setAccountName(name);
    setPendingCopy(null);
    onWalletChange();
    if (text !== null) {
      clearTimeout(copyTimer.current);
      copyTimer.current = setTimeout(() => void copyNow(text), COPY_AFTER_EDIT_MS);
    }
  };

  const data = lookup.data;
  const accounts = data?.banks.filter((entry) => entry.bankType !== 'PAYMENT') ?? [];
  const gateways = (data?.banks ?? []).filter(
    (entry, index, all) =>
      isQrGateway(entry.bankCode) &&
      all.findIndex((other) => other.bankCode === entry.bankCode) === index,
  );
  const giftWallet = data?.wallets.find((wallet) => wallet.mode === 'gift') ?? data?.wallets[0];

  const title =
    view.kind === 'qr'
      ? t('qr.title', { bank: view.name })
      : view.kind === 'slip'
        ? t('slipUpload.title')
        : t('deposit.title');

  const back = (
    <button
      type="button"
      className="button button--ghost back-button"
      onClick={() => setView({ kind: 'main' })}
      data-view-focus
      data-testid="deposit-back"
    >
      <BackIcon width={20} height={20} />
      <span>{t('deposit.back')}</span>
    </button>
  );

  return (
    <Dialog title={title} onClose={onClose} testId="deposit-dialog" className="dialog--deposit">
      {/* Focus starts on the content rather than the gift input: no keyboard pops up on a phone. */}
      <div
        ref={bodyRef}
        className="deposit-view"
        data-view={view.kind}
        tabIndex={-1}
        data-autofocus
      >
        {view.kind === 'qr' ? (
          <>
            {back}
            <QrView
              bank={view.bank}
              currency={member.currency}
              onTransferred={() => {
                toast.info(t('qr.transferredToast'));
                onClose();
              }}
              onWalletChange={onWalletChange}
              onDone={onClose}
            />
          </>
        ) : null}
        {view.kind === 'slip' ? (
          <>
            {back}
            <SlipUpload onDone={() => setView({ kind: 'main' })} onCredited={onWalletChange} />
          </>
        ) : null}
        {view.kind === 'main' ? (
          <div className="deposit" data-testid="deposit-main">
            <p className="notice" data-testid="deposit-within-minute">
              {t('deposit.within1Minute')}
            </p>
            {limitOffer ? <Suspense fallback={null}>{limitOffer}</Suspense> : null}
            {lookup.isPending ? <Spinner /> : null}
            {/* Spec section 8: a failed deposit lookup is swallowed; the loader just goes. */}
            {lookup.isError || (data && data.banks.length === 0 && data.wallets.length === 0) ? (
              <p className="muted" data-testid="deposit-empty">
                {t('deposit.empty')}
              </p>
            ) : null}

            {accounts.length > 0 ? (
              <section className="deposit__section" aria-labelledby="deposit-banks">
                <h3 id="deposit-banks" className="section-title">
                  {t('deposit.bankSection')}
                </h3>
                <p className="muted small">{t('deposit.bankHint')}</p>
                {data?.isManual ? (
                  <p className="notice" data-testid="deposit-manual">
                    {t('deposit.manualNotice')}
                  </p>
                ) : null}
                <ul className="deposit-banks">
                  {accounts.map((entry) => (
                    <li
                      key={`${entry.bankCode}:${entry.bankAccountNo}`}
                      className="deposit-bank"
                      data-testid={`deposit-bank-${entry.bankCode}`}
                    >
                      <p className="deposit-bank__name">
                        <span className="bank-badge" aria-hidden="true">
                          {entry.bankCode}
                        </span>
                        <span>{nameOf(entry, locale)}</span>
                      </p>
                      <dl className="credentials">
                        <CopyRow
                          label={t('deposit.accountNo')}
                          value={entry.bankAccountNo}
                          shown={groupAccountNumber(entry.bankAccountNo)}
                          copyLabel={t('deposit.copyAccountNo', {
                            value: groupAccountNumber(entry.bankAccountNo),
                          })}
                          testId="deposit-account-no"
                          onCopy={copy}
                        />
                        <CopyRow
                          label={t('deposit.accountName')}
                          value={depositAccountName(entry, locale)}
                          shown={depositAccountName(entry, locale)}
                          copyLabel={t('deposit.copyAccountName', {
                            value: depositAccountName(entry, locale),
                          })}
                          testId="deposit-account-name"
                          onCopy={copy}
                        />
                      </dl>
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="deposit-option"
                  onClick={() => setView({ kind: 'slip' })}
                  data-testid="deposit-upload-slip"
                >
                  <UploadIcon />
                  <span className="deposit-option__label">{t('deposit.uploadSlip')}</span>
                  <ChevronRightIcon width={20} height={20} />
                </button>
              </section>
            ) : null}

            {gateways.length > 0 ? (
              <section className="deposit__section" aria-labelledby="deposit-qr">
                <h3 id="deposit-qr" className="section-title">
                  {t('deposit.qrSection')}
                </h3>
                <p className="muted small">{t('deposit.qrHint')}</p>
                <ul className="deposit-options">
                  {gateways.map((entry) => {
                    const name = nameOf(entry, locale);
                    return (
                      <li key={entry.bankCode}>
                        <button
                          type="button"
                          className="deposit-option"
                          aria-label={t('deposit.qrOpen', { bank: name })}
                          onClick={() =>
                            setView({ kind: 'qr', bank: entry.bankCode as QrGatewayCode, name })
                          }
                          data-testid={`qr-open-${entry.bankCode}`}
                        >
                          <QrIcon />
                          <span className="deposit-option__label">{name}</span>
                          <ChevronRightIcon width={20} height={20} />
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ) : null}

            {giftWallet ? (
              <section className="deposit__section" aria-labelledby="deposit-gift">
                <h3 id="deposit-gift" className="section-title">
                  {t('deposit.giftSection')}
                </h3>
                <GiftLinkForm
                  phone={member.phone}
                  currency={member.currency}
                  onRedeemed={onWalletChange}
                />
              </section>
            ) : null}
            <p className="deposit__play-safe">
              <Link
                to={paths.protection}
                onClick={(event) => {
                  // Navigate, then close (the dialog's Back entry stays under the new page).
                  event.preventDefault();
                  void Promise.resolve(navigate(paths.protection)).then(onClose);
                }}
                data-testid="deposit-play-safe"
              >
                {t('home.playSafe')}
              </Link>
            </p>
          </div>
        ) : null}
      </div>
      {pendingCopy !== null ? (
        <EditNameDialog
          bankCode={member.bankAccount.bankCode}
          bankName={nameOf(member.bankAccount, locale)}
          onSaved={nameSaved}
          onClose={() => setPendingCopy(null)}
        />
      ) : null}
    </Dialog>
  );
}
