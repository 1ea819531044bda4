// The settings section (issue 13, decision 0093): Content (marketing and admin), Money and
// Site (admin). Each setting is its own form with th / la / en side by side, a sanitised
// preview of HTML, a confirmation toast on save and its last change from the audit log.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { routes } from '@wallet/contract/routes';
import { Tabs } from '@/components/tabs';
import { useI18n } from '@/i18n/i18n';
import { ApiError, callApi } from '@/lib/api';
import { useSession } from '@/lib/session';
import { ContentGroup } from './content-forms';
import { MoneyGroup, SiteGroup } from './site-forms';
import './settings.css';

const CONTENT_KEY = ['settings', 'content'] as const;
const SITE_KEY = ['settings', 'site'] as const;

function Loading({ error, retry }: { error: unknown; retry: () => void }) {
  const { t, errorText } = useI18n();
  if (!error) return <p className="muted">{t('app.loading')}</p>;
  return (
    <div className="alert" role="alert">
      <p>{errorText(error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR')}</p>
      <button type="button" className="btn" onClick={retry}>
        {t('app.retry')}
      </button>
    </div>
  );
}

export default function SettingsPage() {
  const { t } = useI18n();
  const session = useSession();
  const queryClient = useQueryClient();
  const isAdmin = session?.operator.role === 'admin';
  const [tab, setTab] = useState('content');

  const content = useQuery({
    queryKey: CONTENT_KEY,
    queryFn: () => callApi(routes.operatorSettings.getContent),
  });
  const site = useQuery({
    queryKey: SITE_KEY,
    queryFn: () => callApi(routes.operatorSettings.getSite),
    enabled: isAdmin,
  });
  // The forms keep their own drafts; a refetch only brings the last-change lines up to date.
  const refreshContent = () => void queryClient.invalidateQueries({ queryKey: CONTENT_KEY });
  const refreshSite = () => void queryClient.invalidateQueries({ queryKey: SITE_KEY });

  const contentPanel = () =>
    content.data ? (
      <ContentGroup data={content.data} onSaved={refreshContent} />
    ) : (
      <Loading error={content.error} retry={() => void content.refetch()} />
    );
  const sitePanel = (Group: typeof MoneyGroup) => () =>
    site.data ? (
      <Group data={site.data} onSaved={refreshSite} />
    ) : (
      <Loading error={site.error} retry={() => void site.refetch()} />
    );

  return (
    <div className="settings-page">
      <div className="page-title">
        <h1>{t('nav.settings')}</h1>
      </div>
      <p className="muted">{t('settings.description')}</p>
      {isAdmin ? (
        <Tabs
          label={t('settings.groups.label')}
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'content', label: t('settings.groups.content'), panel: contentPanel },
            { id: 'money', label: t('settings.groups.money'), panel: sitePanel(MoneyGroup) },
            { id: 'site', label: t('settings.groups.site'), panel: sitePanel(SiteGroup) },
          ]}
        />
      ) : (
        <>
          <h2 className="settings-group-title">{t('settings.groups.content')}</h2>
          {contentPanel()}
        </>
      )}
    </div>
  );
}
