// Beside the thread (decision 0097): the member's wallet summary (or "a visitor"), and the
// agents' private notes with a form to add one.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { StatusVocabulary } from '@wallet/contract/client';
import { ItemStatus } from '@/components/item-status';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useToast } from '@/components/toast';
import { Field } from '@/components/form';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { errorCodeOf } from '@/lib/api';
import { useAddChatNote, type ThreadAnswer } from './api';
import { formatDateTime } from '@/lib/format';

const KINDS = ['deposit', 'qr', 'slip', 'gift_link', 'withdrawal'] as const;

/** The status vocabulary of a recent item's kind (the contract's statuses.ts). */
const VOCABULARY: Record<string, StatusVocabulary> = {
  qr: 'qr',
  slip: 'slip',
  gift_link: 'giftLink',
  withdrawal: 'withdrawal',
};

export function MemberPanel({ member }: { member: ThreadAnswer['member'] }) {
  const { t, lang } = useI18n();
  const id = useId();
  return (
    <section className="card chat-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('chat.member.title')}</h2>
      {!member ? (
        <p className="muted">{t('chat.member.guest')}</p>
      ) : (
        <>
          <p>
            <strong>{member.name}</strong>
            <br />
            <span className="muted">
              {t('chat.member.memberNo', { memberNo: member.memberNo })}
            </span>
          </p>
          <dl className="chat-facts">
            <dt>{t('chat.member.phone')}</dt>
            <dd>{member.phone}</dd>
            <dt>{t('chat.member.status')}</dt>
            <dd>
              {member.status === 'active' || member.status === 'inactive'
                ? t(`members.status.${member.status}`)
                : member.status}
            </dd>
            <dt>{t('chat.member.balance')}</dt>
            <dd>
              <Money baht={member.balance} currency />
            </dd>
            <dt>{t('chat.member.held')}</dt>
            <dd>
              <Money baht={member.heldTotal} currency />
            </dd>
            <dt>{t('chat.member.bonus')}</dt>
            <dd>{member.activeBonus?.name[lang] ?? t('chat.member.noBonus')}</dd>
          </dl>
          <h3>{t('chat.member.recent')}</h3>
          {member.recent.length === 0 ? (
            <p className="muted">{t('chat.member.noRecent')}</p>
          ) : (
            <ul className="chat-recent">
              {member.recent.map((item) => {
                const kind = (KINDS as readonly string[]).includes(item.kind)
                  ? t(`chat.member.kinds.${item.kind}` as MessageKey)
                  : item.kind;
                return (
                  <li key={`${item.kind}:${item.ref}`}>
                    <span>
                      {kind} <Money baht={item.amount} />
                    </span>
                    {VOCABULARY[item.kind] ? (
                      <ItemStatus vocabulary={VOCABULARY[item.kind]!} status={item.status} />
                    ) : (
                      <StatusBadge tone="neutral">{item.status}</StatusBadge>
                    )}
                    <span className="muted">
                      <span className="mono">{item.ref}</span> · {formatDateTime(item.createdAt)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          <p>
            <Link to={`/members/${encodeURIComponent(member.memberNo)}`}>
              {t('chat.member.open')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

export function NotesPanel({
  conversationId,
  notes,
}: {
  conversationId: string;
  notes: ThreadAnswer['notes'];
}) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const id = useId();
  const [text, setText] = useState('');
  const add = useAddChatNote(conversationId, {
    onSuccess: () => {
      setText('');
      toast.show(t('chat.notes.added'));
    },
  });
  return (
    <section className="card chat-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('chat.notes.title')}</h2>
      <p className="muted">{t('chat.notes.hint')}</p>
      {notes.length === 0 ? (
        <p className="muted">{t('chat.notes.empty')}</p>
      ) : (
        <ul className="chat-notes">
          {notes.map((note) => (
            <li key={note.id}>
              <p className="chat-note-text">{note.text}</p>
              <p className="muted">
                {t('chat.notes.by', {
                  operator: note.operator,
                  time: formatDateTime(note.createdAt),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) add.mutate(text.trim());
        }}
      >
        <Field id={`${id}-note`} label={t('chat.notes.label')}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              maxLength={2000}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        {add.error ? (
          <p className="alert" role="alert">
            {errorText(errorCodeOf(add.error))}
          </p>
        ) : null}
        <button type="submit" className="btn" disabled={add.isPending || !text.trim()}>
          {t('chat.notes.add')}
        </button>
      </form>
    </section>
  );
}
