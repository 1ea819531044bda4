import { useI18n } from '@/i18n/use-i18n';
import { pageRange, type PageRangeOptions } from '@/lib/pager';
import './pager.css';

export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Pages shown before and after the current one (statement: 3 and 1). */
  range: PageRangeOptions;
  label: string;
  testId?: string;
  disabled?: boolean;
}

/** Previous / numbered / next page buttons; the current page is marked for screen readers. */
export function Pager({ page, pages, onPage, range, label, testId, disabled }: PagerProps) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  const numbers = pageRange(page, pages, range);
  return (
    <nav className="pager" aria-label={label} data-testid={testId}>
      <button
        type="button"
        className="pager__button"
        onClick={() => onPage(page - 1)}
        disabled={disabled || page <= 1}
        aria-label={t('pager.previous')}
      >
        <span aria-hidden="true">‹</span>
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          className={`pager__button${n === page ? ' is-current' : ''}`}
          onClick={() => onPage(n)}
          disabled={disabled}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('pager.page', { page: n })}
          data-page={n}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className="pager__button"
        onClick={() => onPage(page + 1)}
        disabled={disabled || page >= pages}
        aria-label={t('pager.next')}
      >
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
