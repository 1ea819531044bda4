// Back-office actions (decision 0002). Only operator sessions reach these (decision 0005).
import type { AppDeps } from '../../deps';
import { getSetting, setSetting } from '../settings';
import { setTerminated } from '../site';

/** The audit row's before and after of a setting (decision 0093: target `setting:<key>`). */
export interface SettingAudit {
  target: string;
  before: unknown;
  after: unknown;
}

export async function setSite(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  terminated: boolean,
): Promise<{ answer: { terminated: string | null }; audit: SettingAudit }> {
  const before = await getSetting(deps.db, 'terminated');
  const after = await setTerminated(deps.db, deps.clock, terminated);
  return {
    answer: { terminated: after },
    audit: {
      target: 'setting:terminated',
      before: { terminated: before },
      after: { terminated: after },
    },
  };
}

export async function setRegisterOtp(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  registerOTP: boolean,
): Promise<{ answer: { registerOTP: boolean }; audit: SettingAudit }> {
  const before = await getSetting(deps.db, 'registerOTP');
  await setSetting(deps.db, deps.clock, 'registerOTP', registerOTP);
  return {
    answer: { registerOTP },
    audit: {
      target: 'setting:registerOTP',
      before: { registerOTP: before },
      after: { registerOTP },
    },
  };
}
