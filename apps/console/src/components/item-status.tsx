// An item's status in words with its tone (issue 26): the contract's status vocabularies
// (statuses.ts) say what each stored value means for the member (in progress, success,
// failed), the catalogue's `status.<vocabulary>.<value>` says it in the console's language.
// The stored value stays in the title for investigators; an unknown value shows as stored.
import {
  itemState,
  statusValueOf,
  type ItemState,
  type StatusVocabulary,
} from '@wallet/contract/client';
import { StatusBadge, type StatusTone } from '@/components/status-badge';
import { useI18n, type MessageKey } from '@/i18n/i18n';

const tones: Record<ItemState, StatusTone> = { progress: 'warn', success: 'ok', failed: 'bad' };

export function stateTone(state: ItemState): StatusTone {
  return tones[state];
}

/** The status in the console's language, or the stored value when the vocabulary lacks it. */
export function statusWord(
  t: (key: MessageKey) => string,
  vocabulary: StatusVocabulary,
  status: string,
): string {
  const value = statusValueOf(vocabulary, status);
  return value ? t(`status.${vocabulary}.${value}` as MessageKey) : status;
}

export function ItemStatus({
  vocabulary,
  status,
}: {
  vocabulary: StatusVocabulary;
  status: string;
}) {
  const { t } = useI18n();
  return (
    <StatusBadge tone={stateTone(itemState(status, vocabulary))} title={status}>
      {statusWord(t, vocabulary, status)}
    </StatusBadge>
  );
}
