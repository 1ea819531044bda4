import { useMemo, useState } from 'react';
import { limits } from '@wallet/contract/client';
import { AskAboutButton } from '@/components/ask-about-button';
import { Button } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { Pager } from '@/components/pager';
import { PageLoader, Spinner } from '@/components/spinner';
import { htmlLang } from '@/i18n/i18n';
import { useI18n } from '@/i18n/use-i18n';
import { formatDateTime } from '@/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';
import { formatAmount } from '@/lib/money';
import { pageCount } from '@/lib/pager';
import { useStatement, type StatementEntry } from '@/features/statement/api/get-statement';
import { useWallet } from '@/lib/api/get-wallet';
import { statementRowLabel, statusKind } from '@/features/statement/lib/statement';
import { SlipStatusDialog } from '@/features/statement/components/slip-status-dialog';
import { StatementRangeForm } from '@/features/statement/components/statement-range-form';
import type { StatementRange } from '@/features/statement/lib/statement-range';
import './statement-page.css';

/** Spec section 9: statement page range before 3, after 1. */
const PAGE_RANGE = { before: 3, after: 1 } as const;

function StatementRow({
  entry,
  now,
  gameNames,
}: {
  entry: StatementEntry;
  now: Date;
  gameNames: ReadonlyMap<string, string>;
}) {
  const { t, locale } = useI18n();
  const kind = statusKind(entry.status);
  const label = statementRowLabel(entry, t, gameNames);
  return (
    <li
      className="statement-row"
      data-testid="statement-row"
      data-type={entry.statementType}
      data-status={kind}
    >
      <div className="statement-row__line">
        <span className="statement-row__type" data-testid="statement-type">
          {label.title}
        </span>
        <span className={`badge badge--${kind}`} data-testid="statement-status">
          {t(`statement.statuses.${kind}`)}
        </span>
      </div>
      <div className="statement-row__line">
        <span className="statement-row__parties" data-testid="statement-parties">
          {label.movement.spoken === label.movement.shown ? (
            label.movement.shown
          ) : (
            <>
              <span className="visually-hidden">{label.movement.spoken}</span>
              <span aria-hidden="true">{label.movement.shown}</span>
            </>
          )}
        </span>
        <span className="statement-row__amount mono" data-testid="statement-amount">
          ฿{formatAmount(entry.amount)}
        </span>
      </div>
      <p className="statement-row__time">
        <time dateTime={entry.createdAt} data-testid="statement-time">
          {formatDateTime(entry.createdAt)}
        </time>
        <span aria-hidden="true"> · </span>
        <span data-testid="statement-ago">
          {formatRelativeTime(entry.createdAt, now, htmlLang[locale])}
        </span>
      </p>
      {entry.reason ? (
        <p className="statement-row__reason" data-testid="statement-reason">
          {t('statement.reason', { reason: entry.reason })}
        </p>
      ) : null}
      {label.details.map((detail, n) => (
        <p key={n} className="statement-row__related" data-testid="statement-related">
          {detail}
        </p>
      ))}
      <AskAboutButton
        request={{
          kind: entry.statementType === 'withdraw' ? 'withdrawal' : 'statement',
          ref: entry._id,
        }}
        itemLabel={t(
          entry.statementType === 'withdraw' ? 'chat.context.withdrawal' : 'chat.context.statement',
        )}
      />
    </li>
  );
}

/**
 * The statement page (spec sections 2 and 9): 10 rows per page with a pager showing three
 * pages before and one after the current one; 'upload status' opens the slip dialog.
 */
export function StatementPage() {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const [slipsOpen, setSlipsOpen] = useState(false);
  const [range, setRange] = useState<StatementRange | undefined>(undefined);
  const statement = useStatement(page, range);
  // Game codes read as the games' names (the wallet's list, usually cached from the home).
  const slots = useWallet().data?.slots;
  const gameNames = useMemo(
    () => new Map((slots ?? []).map((slot) => [slot.code, slot.name])),
    [slots],
  );
  const data = statement.data;
  const pages = pageCount(data?.total ?? 0, limits.statementPageSize);
  const now = new Date();

  return (
    <section className="page" data-testid="statement-page">
      <PageHeader
        title={t('statement.title')}
        actions={
          <Button
            variant="secondary"
            onClick={() => setSlipsOpen(true)}
            aria-haspopup="dialog"
            data-testid="upload-status-button"
          >
            {t('statement.uploadStatus')}
          </Button>
        }
      />
      <StatementRangeForm
        applied={range}
        onApply={(next) => {
          setRange(next);
          setPage(1);
        }}
      />
      {statement.isPending ? <PageLoader /> : null}
      {statement.isError && !data ? (
        <div className="card">
          <p className="form__error">{t('statement.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void statement.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {data && data.statements.length === 0 ? (
        <div className="card">
          <p className="muted" data-testid="statement-empty">
            {t('statement.empty')}
          </p>
        </div>
      ) : null}
      {data && data.statements.length > 0 ? (
        <ol
          className="statement-list"
          data-testid="statement-list"
          aria-busy={statement.isPlaceholderData || undefined}
        >
          {data.statements.map((entry) => (
            <StatementRow key={entry._id} entry={entry} now={now} gameNames={gameNames} />
          ))}
        </ol>
      ) : null}
      {statement.isPlaceholderData ? <Spinner /> : null}
      <Pager
        page={page}
        pages={pages}
        onPage={(next) => {
          setPage(next);
          window.scrollTo({ top: 0 });
        }}
        range={PAGE_RANGE}
        label={t('statement.pages')}
        testId="statement-pager"
        disabled={statement.isPlaceholderData}
      />
      {slipsOpen ? <SlipStatusDialog onClose={() => setSlipsOpen(false)} /> : null}
    </section>
  );
}
