// The reply box (decision 0097): text up to 2,000 characters (Enter sends, Shift+Enter a new
// line, whitespace-only never sent), an attachment with its upload progress, and a saved
// template (buttons, quick replies, cards) sent as it is: the server validates every reply
// with the agent message schema, so nothing here builds raw JSON from a text box. A reply or
// upload that fails stays in the box's queue to resend or remove.
import type { AgentMessage } from '@wallet/contract';
import { Field } from '@/components/form';
import { chatAttachmentAccept, checkChatAttachment, limits } from '@wallet/contract/client';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useI18n } from '@/i18n/i18n';
import { errorCodeOf } from '@/lib/api';
import { sendReply, useTemplates } from './api';
import { MessageBody } from './message-view';
import { TemplatesDialog } from './templates-dialog';
import { uploadChatFile } from './upload';

interface Pending {
  clientMessageId: string;
  /** What to send; a media message's path is filled once its upload is done. */
  message: AgentMessage | null;
  file?: File;
  state: 'uploading' | 'sending' | 'failed';
  progress: number;
  error?: string;
}

const MAX = limits.chatMessageMaxLength;

/** A queued file's kind (it passed the rule when it was picked). */
const kindOf = (file: File) => {
  const check = checkChatAttachment(file);
  return check.ok ? check.kind : 'file';
};

export function Composer({
  conversationId,
  onSent,
}: {
  conversationId: string;
  onSent: () => void;
}) {
  const { t, errorText } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [pending, setPending] = useState<Pending[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [managing, setManaging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const templates = useTemplates();
  const template = templates.data?.find((item) => String(item.id) === templateId);

  const update = (clientMessageId: string, change: Partial<Pending>) =>
    setPending((list) =>
      list.map((item) =>
        item.clientMessageId === clientMessageId ? { ...item, ...change } : item,
      ),
    );

  /** Uploads (when a file waits) and sends one queued reply; a failure stays queued. */
  const run = async (item: Pending) => {
    let message = item.message;
    try {
      if (item.file && !message) {
        const file = item.file;
        update(item.clientMessageId, { state: 'uploading', progress: 0, error: undefined });
        const path = await uploadChatFile(file, (progress) =>
          update(item.clientMessageId, { progress }),
        );
        message = {
          message_type: 'media',
          payload: { message: file.name, url: false, fileType: kindOf(file), filePath: path },
        };
        update(item.clientMessageId, { message });
      }
      if (!message) return;
      update(item.clientMessageId, { state: 'sending', error: undefined });
      await sendReply(conversationId, { clientMessageId: item.clientMessageId, message });
      setPending((list) => list.filter((p) => p.clientMessageId !== item.clientMessageId));
      onSent();
    } catch (error) {
      update(item.clientMessageId, { state: 'failed', error: errorText(errorCodeOf(error)) });
    }
  };

  const queue = (item: Omit<Pending, 'clientMessageId' | 'state' | 'progress'>) => {
    const entry: Pending = {
      ...item,
      clientMessageId: crypto.randomUUID(),
      state: item.file ? 'uploading' : 'sending',
      progress: 0,
    };
    setPending((list) => [...list, entry]);
    void run(entry);
  };

  const sendText = () => {
    const body = text.trim();
    if (!body) return;
    queue({ message: { message_type: 'text', payload: body } });
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      sendText();
    }
  };

  const onFile = (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    const check = checkChatAttachment(file);
    if (!check.ok) {
      setFileError(
        check.error === 'notSupported'
          ? t('chat.reply.unsupportedFile')
          : t('chat.reply.tooLarge', { size: check.limitMb }),
      );
      return;
    }
    queue({ message: null, file });
  };

  return (
    <div className="chat-composer">
      {pending.length > 0 ? (
        <ul className="chat-pending" aria-label={t('chat.reply.pending')}>
          {pending.map((item) => (
            <li key={item.clientMessageId} className={`chat-pending-${item.state}`}>
              {item.state === 'uploading' && item.file ? (
                <>
                  <span>
                    {t('chat.reply.uploading', { name: item.file.name, percent: item.progress })}
                  </span>
                  <progress max={100} value={item.progress} aria-label={item.file.name} />
                </>
              ) : item.state === 'sending' ? (
                <span role="status">{t('chat.reply.sending')}</span>
              ) : (
                <>
                  <span className="chat-pending-what">
                    {item.file ? (
                      item.file.name
                    ) : item.message ? (
                      <PendingText message={item.message} />
                    ) : null}
                  </span>
                  <span role="alert" className="field-error">
                    {t('chat.reply.failed', { error: item.error ?? '' })}
                  </span>
                  <button type="button" className="btn" onClick={() => void run(item)}>
                    {t('chat.reply.resend')}
                  </button>
                  <button
                    type="button"
                    className="btn"
                    onClick={() =>
                      setPending((list) =>
                        list.filter((p) => p.clientMessageId !== item.clientMessageId),
                      )
                    }
                  >
                    {t('chat.reply.remove')}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="chat-reply"
        onSubmit={(event) => {
          event.preventDefault();
          sendText();
        }}
      >
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {t('chat.reply.label')}
        </label>
        <textarea
          id={`${id}-text`}
          rows={3}
          maxLength={MAX}
          value={text}
          placeholder={t('chat.reply.placeholder')}
          aria-describedby={`${id}-count`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="chat-reply-bar">
          <span id={`${id}-count`} className="muted">
            {t('chat.reply.counter', { count: text.length, max: MAX })}
          </span>
          <input
            ref={fileInput}
            type="file"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            accept={chatAttachmentAccept}
            onChange={(event) => {
              onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
            data-testid="chat-file-input"
          />
          <button type="button" className="btn" onClick={() => fileInput.current?.click()}>
            {t('chat.reply.attach')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!text.trim()}>
            {t('chat.reply.send')}
          </button>
        </div>
        {fileError ? (
          <p className="field-error" role="alert">
            {fileError}
          </p>
        ) : null}
      </form>
      <div className="chat-templates">
        <Field id={`${id}-template`} label={t('chat.templates.pick')}>
          {(control) => (
            <select
              {...control}
              value={templateId}
              onChange={(event) => setTemplateId(event.target.value)}
            >
              <option value="">
                {templates.data?.length === 0
                  ? t('chat.templates.empty')
                  : t('chat.templates.none')}
              </option>
              {templates.data?.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button
          type="button"
          className="btn"
          disabled={!template}
          onClick={() => {
            if (!template) return;
            queue({ message: template.message });
            setTemplateId('');
          }}
        >
          {t('chat.templates.send')}
        </button>
        <button type="button" className="btn btn-link" onClick={() => setManaging(true)}>
          {t('chat.templates.manage')}
        </button>
        {template ? (
          <div
            className="chat-template-preview"
            aria-label={t('chat.templates.preview')}
            role="group"
          >
            <MessageBody
              isLast
              message={{
                sender: 'agent',
                message: template.message,
                userId: null,
                guestId: null,
                username: null,
                name: null,
                deviceToken: null,
                session_id: null,
              }}
            />
          </div>
        ) : null}
      </div>
      {managing ? <TemplatesDialog onClose={() => setManaging(false)} /> : null}
    </div>
  );
}

function PendingText({ message }: { message: AgentMessage }) {
  const { t } = useI18n();
  if (message.message_type === 'text') return <>{message.payload}</>;
  return <>{t(`chat.kinds.preview.${message.message_type}`)}</>;
}
