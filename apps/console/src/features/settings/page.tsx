// The settings section (issue 13, decision 0093): Content (marketing and admin), Money and
// Site (admin). Each setting is its own form with th / la / en side by side, a sanitised
// preview of HTML, a confirmation toast on save and its last change from the audit log.
import { useState } from 'react';
import { Tabs } from '@/components/tabs';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useContentSettings, useRefreshSettings, useSiteSettings } from './api';
import { ContentGroup } from './components/content-forms';
import { MoneyGroup, SiteGroup } from './components/site-forms';
import './settings.css';

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
  const isAdmin = session?.operator.role === 'admin';
  const [tab, setTab] = useState('content');

  const content = useContentSettings();
  const site = useSiteSettings(isAdmin);
  const refresh = useRefreshSettings();
  // The forms keep their own drafts; a refetch only brings the last-change lines up to date.
  const refreshContent = refresh.content;
  const refreshSite = refresh.site;

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
