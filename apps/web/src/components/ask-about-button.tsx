import { useSyncExternalStore } from 'react';
import { ChatIcon } from '@/components/icons';
import { useI18n } from '@/i18n/use-i18n';
import {
  askAboutThis,
  isChatAvailable,
  subscribeChatAvailable,
  type ChatContextRequest,
} from '@/lib/chat-launcher';

/**
 * "Ask about this" on a statement row, a slip or a withdrawal: opens the support chat with
 * the item attached. Shown only while the chat is on the page (lib/chat-launcher.ts).
 * `itemLabel` names the item for screen readers ("Ask support about this withdrawal").
 */
export function AskAboutButton({
  request,
  itemLabel,
  testId = 'ask-about',
  onAsked,
}: {
  request: ChatContextRequest;
  itemLabel: string;
  testId?: string;
  /** After the chat took the item (a dialog showing the item closes itself then). */
  onAsked?: () => void;
}) {
  const { t } = useI18n();
  const available = useSyncExternalStore(subscribeChatAvailable, isChatAvailable, () => false);
  if (!available) return null;
  return (
    <button
      type="button"
      className="button button--link ask-about"
      onClick={() => {
        if (askAboutThis(request)) onAsked?.();
      }}
      aria-label={t('chat.askAboutLabel', { item: itemLabel })}
      data-testid={testId}
      data-kind={request.kind}
      data-ref={request.ref}
    >
      <ChatIcon width={16} height={16} />
      <span>{t('chat.askAbout')}</span>
    </button>
  );
}
