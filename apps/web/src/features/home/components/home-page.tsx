import { Link } from 'react-router';
import { PageLoader } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n/use-i18n';
import { useProfile } from '@/lib/api/get-profile';
import { errorMessage } from '@/lib/error-message';

/**
 * Member home. The wallet, game accounts and action tiles arrive with the next issue; for
 * now it greets the member by name (GET /api/account/profile) inside the real shell.
 */
export function HomePage() {
  const { t } = useI18n();
  const profile = useProfile();
  return (
    <section className="page page--home" data-testid="home-page">
      {profile.isPending ? <PageLoader /> : null}
      {profile.isError ? <p className="form__error">{errorMessage(profile.error)}</p> : null}
      {profile.data ? (
        <div className="home-hero">
          <h1 className="home-hero__name" data-testid="home-member-name">
            {t('home.welcome', { name: profile.data.profile.name })}
          </h1>
          <p className="home-hero__id">{t('home.memberId', { id: profile.data.profile._id })}</p>
        </div>
      ) : null}
      <div className="card">
        <p>{t('home.note')}</p>
        <Link className="button button--secondary button--block" to={paths.profile}>
          {t('nav.profile')}
        </Link>
      </div>
    </section>
  );
}
