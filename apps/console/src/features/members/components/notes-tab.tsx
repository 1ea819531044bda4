// A member's notes, newest first, with the form to add one.
import { useState } from 'react';
import type { Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Alert, Field } from '@/components/form';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { useAddNote, type RowOf } from '../api';
import { PagedTab } from './paged-tab';

export function NotesTab({ memberNo }: { memberNo: string }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const add = useAddNote(memberNo, {
    onSuccess: () => {
      setText('');
      toast.show(t('members.done.noteAdded'));
    },
  });
  const columns: Column<RowOf<'notes'>>[] = [
    { id: 'at', header: t('members.col.at'), cell: (x) => <DateTime value={x.at} /> },
    { id: 'operator', header: t('members.col.operator'), cell: (x) => x.operator },
    {
      id: 'text',
      header: t('members.col.note'),
      cell: (x) => <span className="member-note">{x.text}</span>,
    },
  ];
  const form = (
    <form
      className="member-note-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const note = text.trim();
        if (!note) {
          setMissing(true);
          return;
        }
        add.mutate(note);
      }}
    >
      <Field
        label={t('members.notes.label')}
        hint={t('members.notes.hint')}
        error={missing ? t('members.notes.required') : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={2000}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim()) setMissing(false);
            }}
          />
        )}
      </Field>
      {add.error ? (
        <Alert>{errorText((add.error as { code?: string }).code ?? 'UNKNOWN')}</Alert>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={add.isPending}>
        {t('members.notes.add')}
      </button>
    </form>
  );
  return (
    <PagedTab
      list="notes"
      memberNo={memberNo}
      caption={t('members.notes.caption')}
      columns={columns}
      rowKey={(x) => x.id}
      before={form}
    />
  );
}
