import type { ChatConversationRow } from '@wallet/contract';
import type { useI18n } from '@/i18n/i18n';

/** Who a conversation is with, in words: the member's name and number, or "Visitor 4f2a". */
export function partyName(
  t: ReturnType<typeof useI18n>['t'],
  row: Pick<ChatConversationRow, 'member' | 'guestLabel'>,
): string {
  if (row.member) return `${row.member.name} (${row.member.memberNo})`;
  return t('chat.list.guest', { label: row.guestLabel ?? '' }).trim();
}
