// Reply templates (decision 0097): a form for each kind an agent may send (text, text with
// buttons, quick replies, cards), never a JSON text box. The server validates the template
// with the agent message schema (web buttons need an http(s) link, call buttons a phone)
// and refuses anything else with KEY_INVALID / KEY_MISSING.
import type { AgentMessage } from '@wallet/contract';
import { limits } from '@wallet/contract/client';
import { useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { useToast } from '@/components/toast';
import { Field } from '@/components/form';
import { useI18n } from '@/i18n/i18n';
import { errorCodeOf } from '@/lib/api';
import { useCreateTemplate, useDeleteTemplate, useTemplates } from './api';

type Kind = 'text' | 'buttons' | 'quick_replies' | 'generic';
const KINDS: Kind[] = ['text', 'buttons', 'quick_replies', 'generic'];
const BUTTON_TYPES = ['web', 'call', 'postback', 'reply'] as const;

interface ButtonDraft {
  title: string;
  type: (typeof BUTTON_TYPES)[number];
  payload: string;
}
interface CardDraft {
  title: string;
  subtitle: string;
  image: string;
  buttons: ButtonDraft[];
}

const newButton = (): ButtonDraft => ({ title: '', type: 'postback', payload: '' });
const newCard = (): CardDraft => ({ title: '', subtitle: '', image: '', buttons: [] });

/** The agent message a draft describes (the server checks it). */
export function messageOf(
  kind: Kind,
  text: string,
  buttons: ButtonDraft[],
  cards: CardDraft[],
): AgentMessage {
  const button = (b: ButtonDraft) => ({
    title: b.title.trim(),
    type: b.type,
    payload: b.payload.trim(),
  });
  switch (kind) {
    case 'text':
      return { message_type: 'text', payload: text.trim() };
    case 'buttons':
      return {
        message_type: 'buttons',
        payload: { text: text.trim(), buttons: buttons.map(button) },
      };
    case 'quick_replies':
      return {
        message_type: 'quick_replies',
        payload: { text: text.trim(), quick_replies: buttons.map(button) },
      };
    case 'generic':
      return {
        message_type: 'generic',
        payload: {
          cards: cards.map((card) => ({
            title: card.title.trim(),
            ...(card.subtitle.trim() ? { subtitle: card.subtitle.trim() } : {}),
            ...(card.image.trim() ? { image_url: card.image.trim() } : {}),
            ...(card.buttons.length > 0 ? { buttons: card.buttons.map(button) } : {}),
          })),
        },
      };
  }
}

function ButtonsEditor({
  buttons,
  max,
  onChange,
  prefix,
}: {
  buttons: ButtonDraft[];
  max: number;
  onChange: (next: ButtonDraft[]) => void;
  prefix: string;
}) {
  const { t } = useI18n();
  const set = (i: number, change: Partial<ButtonDraft>) =>
    onChange(buttons.map((b, j) => (j === i ? { ...b, ...change } : b)));
  return (
    <>
      {buttons.map((button, i) => (
        <fieldset key={i} className="chat-template-button">
          <legend>{t('chat.templates.button', { n: i + 1 })}</legend>
          <Field id={`${prefix}-b${i}-title`} label={t('chat.templates.buttonTitle')}>
            {(control) => (
              <input
                {...control}
                maxLength={80}
                value={button.title}
                onChange={(event) => set(i, { title: event.target.value })}
              />
            )}
          </Field>
          <Field id={`${prefix}-b${i}-type`} label={t('chat.templates.buttonType')}>
            {(control) => (
              <select
                {...control}
                value={button.type}
                onChange={(event) => set(i, { type: event.target.value as ButtonDraft['type'] })}
              >
                {BUTTON_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`chat.templates.buttonTypes.${type}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${prefix}-b${i}-payload`} label={t('chat.templates.buttonPayload')}>
            {(control) => (
              <input
                {...control}
                maxLength={1000}
                value={button.payload}
                onChange={(event) => set(i, { payload: event.target.value })}
              />
            )}
          </Field>
          <button
            type="button"
            className="btn btn-link"
            onClick={() => onChange(buttons.filter((_, j) => j !== i))}
          >
            {t('chat.templates.removeButton', { n: i + 1 })}
          </button>
        </fieldset>
      ))}
      {buttons.length < max ? (
        <button type="button" className="btn" onClick={() => onChange([...buttons, newButton()])}>
          {t('chat.templates.addButton')}
        </button>
      ) : null}
    </>
  );
}

export function TemplatesDialog({ onClose }: { onClose: () => void }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const id = useId();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('buttons');
  const [text, setText] = useState('');
  const [buttons, setButtons] = useState<ButtonDraft[]>([newButton()]);
  const [cards, setCards] = useState<CardDraft[]>([newCard()]);
  const templates = useTemplates();
  const save = useCreateTemplate({
    onSuccess: () => {
      toast.show(t('chat.templates.saved'));
      setName('');
      setText('');
      setButtons([newButton()]);
      setCards([newCard()]);
    },
  });
  const remove = useDeleteTemplate({
    onSuccess: () => {
      toast.show(t('chat.templates.deleted'));
    },
    onError: (error) => toast.show(errorText(errorCodeOf(error)), 'error'),
  });
  const setCard = (i: number, change: Partial<CardDraft>) =>
    setCards((list) => list.map((c, j) => (j === i ? { ...c, ...change } : c)));

  return (
    <Dialog title={t('chat.templates.title')} onClose={onClose} className="chat-templates-dialog">
      <h3>{t('chat.templates.existing')}</h3>
      {templates.data?.length === 0 ? <p className="muted">{t('chat.templates.empty')}</p> : null}
      <ul className="chat-template-list">
        {templates.data?.map((item) => (
          <li key={item.id}>
            <span>
              {item.name}{' '}
              <span className="muted">
                (
                {t(
                  `chat.templates.kinds.${item.message.message_type === 'media' ? 'text' : item.message.message_type}`,
                )}
                )
              </span>
            </span>
            <button
              type="button"
              className="btn btn-link"
              disabled={remove.isPending}
              onClick={() => remove.mutate(item.id)}
            >
              {t('chat.templates.delete', { name: item.name })}
            </button>
          </li>
        ))}
      </ul>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ name: name.trim(), message: messageOf(kind, text, buttons, cards) });
        }}
      >
        <Field id={`${id}-name`} label={t('chat.templates.name')}>
          {(control) => (
            <input
              {...control}
              data-autofocus
              maxLength={80}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-kind`} label={t('chat.templates.kind')}>
          {(control) => (
            <select
              {...control}
              value={kind}
              onChange={(event) => setKind(event.target.value as Kind)}
            >
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`chat.templates.kinds.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {kind !== 'generic' ? (
          <Field id={`${id}-text`} label={t('chat.templates.text')}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={limits.chatMessageMaxLength}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            )}
          </Field>
        ) : null}
        {kind === 'buttons' || kind === 'quick_replies' ? (
          <ButtonsEditor
            buttons={buttons}
            max={kind === 'buttons' ? 3 : 10}
            onChange={setButtons}
            prefix={id}
          />
        ) : null}
        {kind === 'generic'
          ? cards.map((card, i) => (
              <fieldset key={i} className="chat-template-card">
                <legend>{t('chat.templates.card', { n: i + 1 })}</legend>
                <Field id={`${id}-c${i}-title`} label={t('chat.templates.cardTitle')}>
                  {(control) => (
                    <input
                      {...control}
                      maxLength={80}
                      value={card.title}
                      onChange={(event) => setCard(i, { title: event.target.value })}
                    />
                  )}
                </Field>
                <Field id={`${id}-c${i}-subtitle`} label={t('chat.templates.cardSubtitle')}>
                  {(control) => (
                    <input
                      {...control}
                      maxLength={300}
                      value={card.subtitle}
                      onChange={(event) => setCard(i, { subtitle: event.target.value })}
                    />
                  )}
                </Field>
                <Field id={`${id}-c${i}-image`} label={t('chat.templates.cardImage')}>
                  {(control) => (
                    <input
                      {...control}
                      type="url"
                      maxLength={2000}
                      value={card.image}
                      onChange={(event) => setCard(i, { image: event.target.value })}
                    />
                  )}
                </Field>
                <ButtonsEditor
                  buttons={card.buttons}
                  max={3}
                  onChange={(next) => setCard(i, { buttons: next })}
                  prefix={`${id}-c${i}`}
                />
                {cards.length > 1 ? (
                  <button
                    type="button"
                    className="btn btn-link"
                    onClick={() => setCards((list) => list.filter((_, j) => j !== i))}
                  >
                    {t('chat.templates.removeCard', { n: i + 1 })}
                  </button>
                ) : null}
              </fieldset>
            ))
          : null}
        {kind === 'generic' && cards.length < 10 ? (
          <button type="button" className="btn" onClick={() => setCards([...cards, newCard()])}>
            {t('chat.templates.addCard')}
          </button>
        ) : null}
        {save.error ? (
          <p className="alert" role="alert">
            {t('chat.templates.invalid', { error: errorText(errorCodeOf(save.error)) })}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('app.close')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('chat.templates.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
