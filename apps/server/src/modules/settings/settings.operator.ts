// The operator's settings (issue 13, decision 0093): read and replace every lookup's content
// (th/la/en) and the money and site settings. Operator HTML is sanitised with the member
// app's allowlist before it is stored. A write goes through setSetting, which clears this
// process's settings cache at once, so the next /api/lookup/* answer shows it (another
// process within SETTINGS_TTL_MS). Each change hands back its before and after for the audit
// row (target `setting:<key>`); baht at this edge, satang in the stored setting.
import type {
  ContentSettings,
  DepositSetting,
  SettingLastChange,
  SiteSettings,
  SlipSetting,
  WithdrawSetting,
} from '@wallet/contract';
import { bahtToSatang, contentSettingKeys, satangToBaht, siteSettingKeys } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import { sanitizeLocalizedHtml } from '../../lib/sanitize-html';
import { lastChangeOf } from '../audit';
import type { Localized, SettingKey, SettingValue } from './settings.schemas';
import { getSetting, setSetting } from './settings.service';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** What one change did: the audit row's before and after, and the answer (= after). */
export interface SettingChange<T> {
  target: string;
  before: T;
  after: T;
}

export const settingTarget = (key: string): string => `setting:${key}`;

const sanitizeLocalized = (value: Localized): Promise<Localized> => sanitizeLocalizedHtml(value);

async function lastChanges<const K extends readonly string[]>(
  deps: Pick<AppDeps, 'db'>,
  keys: K,
): Promise<Record<K[number], SettingLastChange>> {
  const entries = await Promise.all(
    keys.map(async (key) => [key, await lastChangeOf(deps, settingTarget(key))] as const),
  );
  return Object.fromEntries(entries) as Record<K[number], SettingLastChange>;
}

/** Stores `next` under `key`, answering the value before and the value now stored. */
async function replace<K extends SettingKey, T>(
  deps: Deps,
  key: K,
  next: SettingValue<K>,
  view: (value: SettingValue<K>) => T,
  target = settingTarget(key),
): Promise<SettingChange<T>> {
  const before = view(await getSetting(deps.db, key));
  await setSetting(deps.db, deps.clock, key, next);
  return { target, before, after: view(await getSetting(deps.db, key)) };
}

const same = <T>(value: T): T => value;

// --- content (marketing and admin) ---------------------------------------------------------

export async function contentSettings(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;
  const [info, contact, conditions, agreements, notice] = await Promise.all([
    getSetting(db, 'info'),
    getSetting(db, 'contact'),
    getSetting(db, 'conditions'),
    getSetting(db, 'agreements'),
    getSetting(db, 'notice'),
  ]);
  const settings: ContentSettings = { info, contact, conditions, agreements, notice };
  return { settings, changes: await lastChanges(deps, contentSettingKeys) };
}

export function setInfo(deps: Deps, value: SettingValue<'info'>) {
  return replace(deps, 'info', value, same);
}

export async function setContact(deps: Deps, value: SettingValue<'contact'>) {
  const contactText = await sanitizeLocalized(value.contactText);
  return replace(deps, 'contact', { ...value, contactText }, same);
}

export async function setConditions(deps: Deps, conditions: Localized[]) {
  const clean = await Promise.all(conditions.map(sanitizeLocalized));
  return replace(deps, 'conditions', clean, (value) => ({ conditions: value }));
}

export async function setAgreements(deps: Deps, agreements: Localized[]) {
  const clean = await Promise.all(agreements.map(sanitizeLocalized));
  return replace(deps, 'agreements', clean, (value) => ({ agreements: value }));
}

export function setNotice(deps: Deps, notice: Localized) {
  return replace(deps, 'notice', notice, (value) => ({ notice: value }));
}

// --- money and site (admin) ----------------------------------------------------------------

const withdrawOut = (value: SettingValue<'withdraw'>) => ({
  withdrawMin: satangToBaht(value.withdrawMinSatang),
  withdrawMax: satangToBaht(value.withdrawMaxSatang),
});

export async function siteSettings(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;
  const [deposit, withdraw, slip, enableChatWidget, registerOTP, terminated] = await Promise.all([
    getSetting(db, 'deposit'),
    getSetting(db, 'withdraw'),
    getSetting(db, 'slip'),
    getSetting(db, 'enableChatWidget'),
    getSetting(db, 'registerOTP'),
    getSetting(db, 'terminated'),
  ]);
  const settings: SiteSettings = {
    deposit,
    withdraw: withdrawOut(withdraw),
    slip,
    enableChatWidget,
    registerOTP,
    terminated: terminated === 'gone',
  };
  return { settings, changes: await lastChanges(deps, siteSettingKeys) };
}

export function setDeposit(deps: Deps, value: DepositSetting) {
  return replace(deps, 'deposit', value, same);
}

export function setWithdraw(deps: Deps, value: WithdrawSetting) {
  return replace(
    deps,
    'withdraw',
    {
      withdrawMinSatang: bahtToSatang(value.withdrawMin),
      withdrawMaxSatang: bahtToSatang(value.withdrawMax),
    },
    withdrawOut,
  );
}

export function setSlip(deps: Deps, value: SlipSetting) {
  return replace(deps, 'slip', value, same);
}

export function setChat(deps: Deps, enableChatWidget: boolean) {
  return replace(deps, 'enableChatWidget', enableChatWidget, (value) => ({
    enableChatWidget: value,
  }));
}
