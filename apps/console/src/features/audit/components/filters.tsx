import { useState, type FormEvent } from 'react';
import { DateRange } from '@/components/date-range';
import { Field } from '@/components/form';
import { SearchBox } from '@/components/search-box';
import { useI18n } from '@/i18n/i18n';

/** The search box (applied at once) and the operator and days (applied with the button). */
export function Filters({
  q,
  operator,
  from,
  to,
  onUpdate,
}: {
  q: string;
  operator: string;
  from: string;
  to: string;
  onUpdate: (changes: Record<string, string>) => void;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useState({ operator, from, to });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onUpdate({ operator: draft.operator.trim(), from: draft.from, to: draft.to });
  };
  return (
    <div className="card audit-filters">
      <SearchBox
        label={t('audit.search')}
        value={q}
        hint={t('audit.searchHint')}
        onSearch={(value) => onUpdate({ q: value })}
      />
      <form className="audit-filter-form" onSubmit={submit} aria-label={t('audit.filters')}>
        <Field id="audit-operator" label={t('audit.operator')}>
          {(control) => (
            <input
              {...control}
              value={draft.operator}
              maxLength={64}
              autoComplete="off"
              onChange={(event) => setDraft({ ...draft, operator: event.target.value })}
            />
          )}
        </Field>
        <DateRange
          legend={t('audit.dates')}
          fromLabel={t('audit.from')}
          toLabel={t('audit.to')}
          from={draft.from}
          to={draft.to}
          onChange={(range) => setDraft({ ...draft, ...range })}
        />
        <div className="audit-filter-buttons">
          <button type="submit" className="btn btn-primary">
            {t('audit.apply')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setDraft({ operator: '', from: '', to: '' });
              onUpdate({ q: '', operator: '', from: '', to: '' });
            }}
          >
            {t('audit.reset')}
          </button>
        </div>
      </form>
    </div>
  );
}
