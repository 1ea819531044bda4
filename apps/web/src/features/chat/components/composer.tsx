// The text box and the paperclip (spec sections 2 and 5): at most 2000 characters (a counter
// near the limit), Enter sends, Shift+Enter starts a new line, whitespace-only never goes;
// png, jpeg, jpg, gif up to 10 MB and mp4, quicktime up to 20 MB, with the spec's messages.
import { limits } from '@wallet/contract/client';
import { forwardRef, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '@/components/icons';
import { useI18n } from '@/i18n/use-i18n';
import { chatAttachmentAccept, type ChatAttachmentCheck } from '@wallet/contract/client';

/** The counter shows once this few characters are left. */
const COUNTER_FROM = 200;

export const Composer = forwardRef<
  HTMLTextAreaElement,
  {
    disabled: boolean;
    onSend: (text: string) => boolean;
    onFile: (file: File) => ChatAttachmentCheck;
  }
>(function Composer({ disabled, onSend, onFile }, ref) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const remaining = limits.chatMessageMaxLength - text.length;
  const empty = text.trim().length === 0;

  const send = () => {
    if (disabled || empty) return;
    if (onSend(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const onPick = (file: File | undefined) => {
    if (!file) return;
    const check = onFile(file);
    if (check.ok) setFileError(null);
    else if (check.error === 'tooLarge')
      setFileError(t('chat.fileTooLarge', { size: check.limitMb }));
    else setFileError(t('chat.fileNotSupported'));
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      data-testid="chat-composer"
    >
      {fileError ? (
        <p
          className="form__error chat-composer__error"
          id={errorId}
          role="alert"
          data-testid="chat-file-error"
        >
          {fileError}
        </p>
      ) : null}
      <div className="chat-composer__row">
        <button
          type="button"
          className="icon-button chat-composer__attach"
          aria-label={t('chat.attach')}
          onClick={() => fileRef.current?.click()}
          disabled={disabled}
          data-testid="chat-attach"
        >
          <Icon width="22" height="22">
            <path d="M21 11.5 12.5 20a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6L15 7" />
          </Icon>
        </button>
        <input
          ref={fileRef}
          type="file"
          accept={chatAttachmentAccept}
          hidden
          tabIndex={-1}
          data-testid="chat-file"
          onChange={(event) => {
            onPick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label htmlFor={inputId} className="visually-hidden">
          {t('chat.composerLabel')}
        </label>
        <textarea
          ref={ref}
          id={inputId}
          className="input chat-composer__input"
          value={text}
          maxLength={limits.chatMessageMaxLength}
          rows={1}
          placeholder={t('chat.placeholder')}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={fileError ? errorId : undefined}
          data-testid="chat-input"
        />
        <button
          type="submit"
          className="button button--primary chat-composer__send"
          disabled={disabled || empty}
          data-testid="chat-send"
        >
          {t('chat.send')}
        </button>
      </div>
      {remaining <= COUNTER_FROM ? (
        <p className="chat-composer__counter" aria-live="polite" data-testid="chat-counter">
          {t('chat.remaining', { count: remaining })}
        </p>
      ) : null}
    </form>
  );
});
