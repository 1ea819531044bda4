// Back-office actions (decision 0002). Only operator sessions reach these (decision 0005).
import type { AppDeps } from '../../deps';
import { setSetting } from '../settings';
import { setTerminated } from '../site';

export async function setSite(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  terminated: boolean,
): Promise<{ terminated: string | null }> {
  return { terminated: await setTerminated(deps.db, deps.clock, terminated) };
}

export async function setRegisterOtp(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  registerOTP: boolean,
): Promise<{ registerOTP: boolean }> {
  await setSetting(deps.db, deps.clock, 'registerOTP', registerOTP);
  return { registerOTP };
}
