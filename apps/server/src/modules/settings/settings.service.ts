import type { Db } from '../../db/database';
import { isInTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { isoNow } from '../../lib/clock';
import * as repo from './settings.repository';
import type { SettingKey, SettingValue } from './settings.schemas';
import { settingDefaults, settingSchemas } from './settings.schemas';

/**
 * Settings are read on hot paths (every /api request asks whether the site is gone; every
 * wallet answer reads the invite figures), so a validated value is kept for SETTINGS_TTL_MS
 * per database handle (decision 0034). A write in this process clears the cache at once;
 * another process sees it within the TTL (decision 0103: the bound across processes, with no
 * message between them). Reads inside a transaction always go to the row.
 */
export const SETTINGS_TTL_MS = 1000;
type Cache = {
  generation: string;
  entries: Map<SettingKey, { value: unknown; until: number }>;
};
const caches = new WeakMap<Db, Cache>();
/**
 * A write through a database handle starts that handle's cache over (one handle per server
 * process; tests open one per simulated process, decision 0103). A write inside a
 * transaction cannot name its handle: it starts every cache of this process over.
 */
const handleWrites = new WeakMap<Db, number>();
let transactionWrites = 0;
const generationOf = (db: Db) => `${transactionWrites}:${handleWrites.get(db) ?? 0}`;

function noteWrite(db: Db): void {
  if (isInTransaction(db)) transactionWrites += 1;
  else handleWrites.set(db, (handleWrites.get(db) ?? 0) + 1);
}

function cacheOf(db: Db): Cache['entries'] {
  let cache = caches.get(db);
  const generation = generationOf(db);
  if (!cache || cache.generation !== generation) {
    cache = { generation, entries: new Map() };
    caches.set(db, cache);
  }
  return cache.entries;
}

/** The stored value of `key`, validated; the default when it was never stored. */
export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  if (isInTransaction(db)) return readSetting(db, key);
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.value as SettingValue<K>;
  const value = await readSetting(db, key);
  cache.set(key, { value, until: now + SETTINGS_TTL_MS });
  return value;
}

async function readSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
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
  noteWrite(db);
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
  noteWrite(db);
}
