import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n/use-i18n';
import type { ProtectionBlock } from '@/lib/api/get-protection';
import { formatDateTime } from '@/lib/format';

/**
 * The home's notice while a time-out or self-exclusion lasts (issue 28, decision 0139): until
 * when, and what is paused and what still works. Its own chunk (with the second catalogue):
 * most members never see it.
 */
export function BlockNotice({ block }: { block: ProtectionBlock }) {
  const { t } = useI18n();
  return (
    <div className="card home-block-notice" role="status" data-testid="home-block-notice">
      <p className="home-block-notice__title">
        {t(
          block.kind === 'time_out' ? 'protection.blockTimeOut' : 'protection.blockSelfExclusion',
          {
            time: formatDateTime(block.endsAt),
          },
        )}
      </p>
      <p className="muted">{t('protection.blockPaused')}</p>
      <Link to={paths.protection}>{t('protection.title')}</Link>
    </div>
  );
}
