import { useState } from 'react';
import type { SlotCredentials } from '@wallet/contract/client';
import { buildOptions } from '@/config/build-options';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import type { GameAccount } from '@/lib/api/get-wallet';
import { getAutoLoginLink } from '@/features/home/api/get-auto-login-link';
import { getLaunchLink } from '@/features/home/api/get-launch-link';
import { planLaunch, safeHttpUrl, ufaTarget, type LaunchPlan } from '@/features/home/lib/launch';
import { openLaunch, prepareTab } from '@/features/home/lib/open-launch';

export interface LaunchNoticeState {
  plan: LaunchPlan;
  text: string;
}

/**
 * The web launch of the slot account dialog: plans it (lib/launch.ts), holds a PGSLOT notice
 * until Continue, opens the tab inside the click and fetches the link. A failure goes to
 * `onProblem`; `onProblem(null)` clears the dialog's line when a launch starts.
 */
export function useSlotLaunch(
  onProblem: (text: string | null) => void,
  /** lib/money's formatter in the member's currency (a loss limit's `remaining`, 0147). */
  money?: (baht: number) => string,
) {
  const { t } = useI18n();
  const [notice, setNotice] = useState<LaunchNoticeState | null>(null);
  const [launching, setLaunching] = useState(false);

  const launch = async (plan: LaunchPlan) => {
    onProblem(null);
    if (plan.kind === 'unavailable') {
      onProblem(t('slotAccount.launchUnavailable'));
      return;
    }
    // Opened inside the click: a tab opened after the await would be blocked.
    const tab = prepareTab(plan.target);
    if (plan.kind === 'url') {
      openLaunch(plan.url, plan.target, tab);
      return;
    }
    setLaunching(true);
    try {
      const { link } =
        plan.kind === 'autoLogin'
          ? await getAutoLoginLink(plan.route, plan.params)
          : await getLaunchLink(plan.code);
      const url =
        plan.kind === 'launchLink' && plan.ufa ? ufaTarget(link, buildOptions) : safeHttpUrl(link);
      if (!url) throw new Error(t('slotAccount.launchUnavailable'));
      openLaunch(url, plan.target, tab);
    } catch (error) {
      tab?.close();
      onProblem(errorMessage(error, money));
    } finally {
      setLaunching(false);
    }
  };

  const play = (slot: GameAccount, credentials: SlotCredentials | null) => {
    const plan = planLaunch(slot, credentials, buildOptions);
    if (plan.kind === 'autoLogin' && plan.notice) {
      setNotice({ plan, text: plan.notice });
      return;
    }
    void launch(plan);
  };

  const continueNotice = () => {
    if (!notice) return;
    const plan = notice.plan;
    setNotice(null);
    void launch(plan);
  };

  return { launching, notice, play, continueNotice, cancelNotice: () => setNotice(null) };
}
