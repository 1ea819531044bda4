import { useI18n } from '@/i18n/i18n';
import { formatCount } from '@/lib/format';
import './pager.css';

interface PagerProps {
  /** 1-based, as the API's `page`. */
  page: number;
  pageSize: number;
  /** Rows in all pages (the API's `total`). */
  total: number;
  onPage: (page: number) => void;
}

/** "Page 2 of 7 · 134 rows" with previous and next; a list answer's `{ rows, total, page }`. */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">‹</span> {t('pager.previous')}
      </button>
      <p className="pager-status" aria-live="polite">
        {t('pager.pageOf', { page: formatCount(page), pages: formatCount(pages) })}
        <span className="muted"> · {t('pager.total', { total: formatCount(total) })}</span>
      </p>
      <button
        type="button"
        className="btn"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')} <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
