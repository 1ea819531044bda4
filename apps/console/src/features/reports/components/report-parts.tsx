import { useI18n } from '@/i18n/i18n';
import { Alert } from '@/components/form';
import { useToast } from '@/components/toast';
import { ApiError } from '@/lib/api';
import { useCsvDownload, type ReportKind } from '../api';
import type { Range } from '../lib/range';

/** A failed report, in the catalogue's words. */
export function ErrorLine({ error }: { error: unknown }) {
  const { errorText } = useI18n();
  if (!error) return null;
  return <Alert>{errorText(error instanceof ApiError ? error.code : 'NETWORK_ERROR')}</Alert>;
}

/** Downloads the report of `range` as a CSV file that Excel opens with Thai text. */
export function CsvButton({ kind, range }: { kind: ReportKind; range: Range }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const download = useCsvDownload(kind, {
    onSuccess: (file) => toast.show(t('reports.downloaded', { file }), 'success'),
    onError: (error) =>
      toast.show(errorText(error instanceof ApiError ? error.code : 'NETWORK_ERROR'), 'error'),
  });
  const busy = download.isPending;
  return (
    <button type="button" className="btn" onClick={() => download.mutate(range)} disabled={busy}>
      {busy ? t('reports.downloading') : t('reports.downloadCsv')}
    </button>
  );
}
