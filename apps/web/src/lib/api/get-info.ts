import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { storageKeys } from '@/config/storage-keys';
import { callApi } from '@/lib/api-client';
import { readItem, writeItem } from '@/lib/storage';

// Operator name and website. Read by the shells' route loaders (no query cache needed: it
// changes rarely, and the loaders re-run on a language switch).
const endpoint = routes.lookup.info;

export type Info = ResponseFor<typeof api.lookup.info>;

export async function getInfo(): Promise<Info> {
  const info = await callApi(endpoint);
  if (info.name) {
    writeItem('local', storageKeys.operatorName, info.name);
    // The tab, history and bookmarks name the operator too, not the generic app name.
    document.title = info.name;
  }
  return info;
}

/**
 * The operator's name as this browser last read it, or null. The top bar shows it while
 * the info streams in, so a cold load does not flash the generic app name before the
 * operator's own (decision 0040). The answer, when it comes, always wins.
 */
export function rememberedOperatorName(): string | null {
  return readItem('local', storageKeys.operatorName) || null;
}

/** For loaders: the info, or null when it cannot be read (the shells still render). */
export function getInfoOrNull(): Promise<Info | null> {
  return getInfo().catch(() => null);
}
