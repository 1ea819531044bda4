import { useId } from 'react';
import { SearchBox } from '@/components/search-box';
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
      <div className="field">
        <label htmlFor={`${id}-status`}>{statusLabel}</label>
        <select
          id={`${id}-status`}
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
      </div>
      <SearchBox
        label={t('deposits.filters.member')}
        hint={t('deposits.filters.memberHint')}
        value={values.member}
        onSearch={(member) => onChange({ member })}
      />
      <div className="field">
        <label htmlFor={`${id}-from`}>{t('deposits.filters.from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={values.from}
          max={values.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{t('deposits.filters.to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          value={values.to}
          min={values.from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </div>
    </div>
  );
}
