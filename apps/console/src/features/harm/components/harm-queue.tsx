// The markers-of-harm queue: who matched which marker with what figure, first and last seen,
// the contacted mark and the notes; a note (dialog) and "contacted" (confirmation) per member.
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Dialog } from '@/components/dialog';
import { PagedTable } from '@/components/paged-table';
import { Alert, Field, FormActions } from '@/components/form';
import { StatusBadge } from '@/components/status-badge';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { PAGE_SIZE, useAddHarmNote, useMarkContacted, type HarmQueue, type HarmRow } from '../api';

const codeOf = (error: unknown) => (error as { code?: string } | null)?.code ?? 'UNKNOWN';

interface HarmQueueTableProps {
  /** The page shown (the previous one while the next loads). */
  queue: HarmQueue;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
}

export function HarmQueueTable({ queue, loading, page, onPage }: HarmQueueTableProps) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const [noteFor, setNoteFor] = useState<string | null>(null);
  const [contactFor, setContactFor] = useState<string | null>(null);
  const contacted = useMarkContacted({
    onSuccess: () => {
      setContactFor(null);
      toast.show(t('harm.done.contacted'));
    },
  });
  const columns: Column<HarmRow>[] = [
    {
      id: 'member',
      header: t('harm.col.member'),
      cell: (x) => (
        <>
          <Link to={`/members/${x.memberNo}?tab=protection`}>{x.memberNo}</Link>
          <div className="muted">{x.name}</div>
        </>
      ),
    },
    {
      id: 'markers',
      header: t('harm.col.markers'),
      cell: (x) => (
        <ul className="harm-markers">
          {x.markers.map((m) => (
            <li key={m.marker}>
              {t(`harm.marker.${m.marker}`, { figure: m.figure, threshold: m.threshold })}
            </li>
          ))}
        </ul>
      ),
    },
    { id: 'first', header: t('harm.col.firstSeen'), cell: (x) => <DateTime value={x.firstSeen} /> },
    { id: 'last', header: t('harm.col.lastSeen'), cell: (x) => <DateTime value={x.lastSeen} /> },
    {
      id: 'contacted',
      header: t('harm.col.contacted'),
      cell: (x) => (
        <>
          <StatusBadge tone={x.needsContact ? 'warn' : 'ok'}>
            {x.needsContact ? t('harm.needsContact') : t('harm.contactedState')}
          </StatusBadge>
          {x.contacted ? (
            <div className="muted">
              {x.contacted.by} · <DateTime value={x.contacted.at} />
            </div>
          ) : null}
        </>
      ),
    },
    {
      id: 'notes',
      header: t('harm.col.notes'),
      cell: (x) =>
        x.notes.length === 0 ? (
          '—'
        ) : (
          <ul className="harm-notes">
            {x.notes.map((n) => (
              <li key={n.id}>
                <span className="muted">
                  {n.by} · <DateTime value={n.at} />
                </span>{' '}
                {n.text}
              </li>
            ))}
          </ul>
        ),
    },
    {
      id: 'actions',
      header: t('harm.col.actions'),
      cell: (x) => (
        <div className="harm-actions">
          <button
            type="button"
            className="btn"
            aria-label={t('harm.addNoteFor', { memberNo: x.memberNo })}
            onClick={() => setNoteFor(x.memberNo)}
          >
            {t('harm.addNote')}
          </button>
          <button
            type="button"
            className="btn"
            aria-label={t('harm.markContactedFor', { memberNo: x.memberNo })}
            onClick={() => {
              contacted.reset();
              setContactFor(x.memberNo);
            }}
          >
            {t('harm.markContacted')}
          </button>
        </div>
      ),
    },
  ];
  return (
    <>
      <PagedTable
        caption={t('harm.caption')}
        columns={columns}
        data={queue}
        loading={loading}
        error={null}
        rowKey={(x) => x.memberNo}
        empty={t('harm.empty')}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={onPage}
      />
      {noteFor ? <NoteDialog memberNo={noteFor} onClose={() => setNoteFor(null)} /> : null}
      <ConfirmDialog
        open={contactFor !== null}
        title={t('harm.contactTitle', { memberNo: contactFor ?? '' })}
        confirmLabel={t('harm.markContacted')}
        busy={contacted.isPending}
        error={contacted.error ? errorText(codeOf(contacted.error)) : null}
        onConfirm={() => contactFor && contacted.mutate(contactFor)}
        onCancel={() => setContactFor(null)}
      >
        <p>{t('harm.contactText')}</p>
      </ConfirmDialog>
    </>
  );
}

function NoteDialog({ memberNo, onClose }: { memberNo: string; onClose: () => void }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const add = useAddHarmNote({
    onSuccess: () => {
      toast.show(t('harm.done.noteAdded'));
      onClose();
    },
  });
  return (
    <Dialog title={t('harm.noteTitle', { memberNo })} busy={add.isPending} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim()) {
            setMissing(true);
            return;
          }
          add.mutate({ memberNo, text: text.trim() });
        }}
      >
        <Field
          label={t('harm.noteLabel')}
          hint={t('harm.noteHint')}
          error={missing ? t('harm.noteRequired') : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              data-autofocus
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
        {add.error ? <Alert>{errorText(codeOf(add.error))}</Alert> : null}
        <FormActions
          cancelLabel={t('dialog.cancel')}
          onCancel={onClose}
          submitLabel={t('harm.addNote')}
          busy={add.isPending}
        />
      </form>
    </Dialog>
  );
}
