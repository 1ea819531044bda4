import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AlertDialog } from '@/components/alert-dialog';
import { Button } from '@/components/button';
import { LockIcon } from '@/components/icons';
import { Link } from '@/components/link';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { PageLoader } from '@/components/spinner';
import { useI18n } from '@/i18n/use-i18n';
import { useProfile } from '@/lib/api/get-profile';
import { profileBankName } from '@/lib/bank-name';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime, groupAccountNumber } from '@/lib/format';
import { ChangePasswordDialog } from '@/features/profile/components/change-password-dialog';
import { NetDepositsCard } from '@/features/profile/components/net-deposits';
import { InstallSlot } from '@/pwa/install-slot';
import './profile-page.css';

// Notifications on this device (issue 29): its own chunk, so the profile's first load is the same.
const NotificationsSection = lazy(
  () => import('@/features/profile/components/notifications-section'),
);

function Row({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="detail-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** Profile (spec section 2): who the member is, the bank account, and the password change. */
export function ProfilePage() {
  const { t, locale } = useI18n();
  const profile = useProfile();
  const [dialog, setDialog] = useState<'none' | 'password' | 'changed'>('none');

  return (
    <section className="page">
      <PageHeader
        title={t('profile.title')}
        actions={
          <button
            type="button"
            className="icon-button icon-button--accent"
            aria-label={t('profile.changePassword')}
            onClick={() => setDialog('password')}
            data-testid="change-password-button"
          >
            <LockIcon />
          </button>
        }
      />
      {profile.isPending ? <PageLoader /> : null}
      {profile.isError ? (
        <div className="card">
          <p className="form__error">{t('profile.loadFailed')}</p>
          <p className="muted">{errorMessage(profile.error)}</p>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {profile.data ? (
        <>
          <dl className="card details" data-testid="profile-details">
            <Row label={t('profile.name')} testId="profile-name">
              {profile.data.profile.name}
            </Row>
            <Row label={t('profile.id')} testId="profile-id">
              {profile.data.profile._id}
            </Row>
            <Row label={t('profile.createdAt')} testId="profile-created-at">
              {formatDateTime(profile.data.profile.createdAt)}
            </Row>
          </dl>
          <div className="card form">
            <div className="field">
              <label className="field__label" htmlFor="profile-username">
                {t('profile.username')}
              </label>
              <input
                id="profile-username"
                className="input"
                value={profile.data.profile.username}
                readOnly
                data-testid="profile-username"
              />
            </div>
          </div>
          <dl className="card details" data-testid="profile-bank">
            <Row label={t('profile.bankAccountName')} testId="profile-bank-account-name">
              {profile.data.bankAccount.bankAccountName}
            </Row>
            <Row label={t('profile.bankName')} testId="profile-bank-name">
              {profileBankName(profile.data.bankAccount.bank, locale)}
            </Row>
            <Row label={t('profile.accountNo')} testId="profile-account-no">
              <span className="mono">
                {groupAccountNumber(profile.data.bankAccount.bankAccountNo)}
              </span>
            </Row>
          </dl>
          <NetDepositsCard />
          <p className="card">
            <Link to={paths.protection} data-testid="profile-play-safe">
              {t('home.playSafe')}
            </Link>
          </p>
          <Suspense fallback={null}>
            <NotificationsSection />
          </Suspense>
          <InstallSlot />
        </>
      ) : null}
      {dialog === 'password' ? (
        <ChangePasswordDialog
          onClose={() => setDialog('none')}
          onChanged={() => setDialog('changed')}
        />
      ) : null}
      {dialog === 'changed' ? (
        <AlertDialog
          kind="success"
          message={t('profile.passwordChanged')}
          onClose={() => setDialog('none')}
        />
      ) : null}
    </section>
  );
}
