import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { isoNow } from '../../lib/clock';
import * as repo from './settings.repository';
import type { SettingKey, SettingValue } from './settings.schemas';
import { settingDefaults, settingSchemas } from './settings.schemas';

/** The stored value of `key`, validated; the default when it was never stored. */
export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  const json = await repo.findSettingJson(db, key);
  if (json === undefined) return settingDefaults[key];
  // A row that no longer matches its schema throws: fail closed (500), never a bad answer.
  return settingSchemas[key].parse(JSON.parse(json)) as SettingValue<K>;
}

export async function setSetting<K extends SettingKey>(
  db: Db,
  clock: Clock,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  const valid = settingSchemas[key].parse(value);
  await repo.upsertSettingJson(db, key, JSON.stringify(valid), isoNow(clock));
}

/** For the seed: stores `value` only when the operator has not set `key` yet. */
export async function seedSetting<K extends SettingKey>(
  db: Db,
  clock: Clock,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  const valid = settingSchemas[key].parse(value);
  await repo.insertSettingJsonIfMissing(db, key, JSON.stringify(valid), isoNow(clock));
}
