import { useId } from 'react';
import { SearchBox } from '@/components/search-box';
import { Field } from '@/components/form';
import { useI18n } from '@/i18n/i18n';

export interface FilterValues {
  status: string;
  member: string;
  from: string;
  to: string;
}

/** What the page hands each tab: the filters and page from the URL, and how to change them. */
export interface ListState {
  filters: FilterValues;
  page: number;
  onFilters: (next: Partial<FilterValues>) => void;
  onPage: (page: number) => void;
}

interface FiltersProps {
  values: FilterValues;
  onChange: (next: Partial<FilterValues>) => void;
  /** The status choices with their translated labels; `''` is "all" unless `noAll`. */
  statuses: readonly { value: string; label: string }[];
  statusLabel: string;
  noAll?: boolean;
}

/** The filter bar of a deposits list: status, member (number or phone), Bangkok days. */
export function Filters({ values, onChange, statuses, statusLabel, noAll }: FiltersProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="deposit-filters" role="group" aria-label={t('deposits.filters.label')}>
      <Field id={`${id}-status`} label={statusLabel}>
        {(control) => (
          <select
            {...control}
            value={values.status}
            onChange={(event) => onChange({ status: event.target.value })}
          >
            {noAll ? null : <option value="">{t('deposits.filters.any')}</option>}
            {statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <SearchBox
        label={t('deposits.filters.member')}
        hint={t('deposits.filters.memberHint')}
        value={values.member}
        onSearch={(member) => onChange({ member })}
      />
      <Field id={`${id}-from`} label={t('deposits.filters.from')}>
        {(control) => (
          <input
            {...control}
            type="date"
            value={values.from}
            max={values.to || undefined}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        )}
      </Field>
      <Field id={`${id}-to`} label={t('deposits.filters.to')}>
        {(control) => (
          <input
            {...control}
            type="date"
            value={values.to}
            min={values.from || undefined}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        )}
      </Field>
    </div>
  );
}
