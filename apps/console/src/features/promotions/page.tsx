// The promotions section (issue 13, decision 0092), lazily loaded by app/router.tsx: bonuses, codes, invite and refund rates,
// spin wheels, coupons and the member home's banners and announcement line (decision 0134),
// one tab each; the tab is kept in the address (?tab=).
import { useSearchParams } from 'react-router';
import { Tabs } from '@/components/tabs';
import { useI18n } from '@/i18n/i18n';
import { BonusesTab } from './bonuses/bonuses-tab';
import { CodesTab } from './codes/codes-tab';
import { CouponsTab } from './coupons-tab';
import { HomeTab } from './home-tab';
import { RatesTab } from './rates-tab';
import { SpinTab } from './spin/spin-tab';
import './promotions.css';

const TABS = ['bonuses', 'codes', 'rates', 'spin', 'coupons', 'home'] as const;
type TabId = (typeof TABS)[number];
const panels: Record<TabId, () => React.ReactNode> = {
  bonuses: () => <BonusesTab />,
  codes: () => <CodesTab />,
  rates: () => <RatesTab />,
  spin: () => <SpinTab />,
  coupons: () => <CouponsTab />,
  home: () => <HomeTab />,
};

export default function PromotionsPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const selected: TabId = TABS.includes(asked as TabId) ? (asked as TabId) : 'bonuses';
  return (
    <div className="promotions-page">
      <div className="page-title">
        <h1>{t('nav.promotions')}</h1>
      </div>
      <Tabs
        label={t('promotions.tabs.label')}
        selected={selected}
        onSelect={(id) => setSearch({ tab: id }, { replace: true })}
        tabs={TABS.map((id) => ({ id, label: t(`promotions.tabs.${id}`), panel: panels[id] }))}
      />
    </div>
  );
}
