// The reports section's server calls (decision 0094): the daily report and the ledger for a
// range of Bangkok days, and their CSV files.
import { useMutation, useQuery } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { callApi, type ApiAnswer } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import type { MutationCallbacks } from '@/lib/mutation';
import type { Range } from './lib/range';

export type Daily = ApiAnswer<typeof routes.operatorReports.daily>;
export type DailyRow = Daily['days'][number];
export type Ledger = ApiAnswer<typeof routes.operatorReports.ledger>;
export type LedgerRow = Ledger['kinds'][number];
export type ReportKind = 'daily' | 'ledger';

export const keys = {
  daily: (range: Range) => ['reports', 'daily', range] as const,
  ledger: (range: Range) => ['reports', 'ledger', range] as const,
  tools: ['reports', 'protection-tools'] as const,
};

export const useDaily = (range: Range) =>
  useQuery({
    queryKey: keys.daily(range),
    queryFn: ({ signal }) => callApi(routes.operatorReports.daily, { query: range, signal }),
  });

export const useLedger = (range: Range) =>
  useQuery({
    queryKey: keys.ledger(range),
    queryFn: ({ signal }) => callApi(routes.operatorReports.ledger, { query: range, signal }),
  });

/** Saves a report's CSV file; answers the file name. */
export const useCsvDownload = (kind: ReportKind, callbacks: MutationCallbacks<string, Range>) =>
  useMutation({
    mutationFn: (range: Range) =>
      downloadFile(
        kind === 'daily' ? routes.operatorReports.dailyCsv : routes.operatorReports.ledgerCsv,
        { query: range, fallbackName: `${kind}-${range.from}_${range.to}.csv` },
      ),
    ...callbacks,
  });

/** How many members use each protection tool now (issue 28; admin and cashier). */
export type ToolUsage = ApiAnswer<typeof routes.operatorHarm.tools>;
export const TOOL_ROLES: readonly string[] = ['admin', 'cashier'];
export const useToolUsage = (enabled: boolean) =>
  useQuery({
    queryKey: keys.tools,
    queryFn: ({ signal }) => callApi(routes.operatorHarm.tools, { signal }),
    enabled,
  });
