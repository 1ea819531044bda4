// The user agreement opens by itself 1.5 s after the member home loads, unless the member has
// acknowledged it (`remember_agreement`, cleared with the session; spec sections 2 and 9).
import { storageKeys } from '@/config/storage-keys';
import { readItem, writeItem } from '@/lib/storage';

export function isAgreementAcknowledged(): boolean {
  return readItem('local', storageKeys.rememberAgreement) !== null;
}

export function acknowledgeAgreement(): void {
  writeItem('local', storageKeys.rememberAgreement, 'true');
}
