// `last_sync` (spec section 3, "Browser storage"): when the game balances were last checked
// with the providers (check balance / refresh all). Cleared with the session.
import { storageKeys } from '@/config/storage-keys';
import { readItem, writeItem } from '@/lib/storage';

export function storeLastSync(when: Date): void {
  writeItem('local', storageKeys.lastSync, when.toISOString());
}

export function readLastSync(): Date | null {
  const stored = readItem('local', storageKeys.lastSync);
  if (!stored) return null;
  const date = new Date(stored);
  return Number.isNaN(date.getTime()) ? null : date;
}
