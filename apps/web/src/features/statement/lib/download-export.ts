// Downloads the statement of a range as a file (issue 28, decision 0145): the export answers
// bytes, not JSON, so it is fetched with the API client's headers and saved through a link.
// Loaded on the first tap only (the statement page imports it dynamically).
import type { Locale } from '@wallet/contract/client';
import { queryString } from '@wallet/client/api';
import { routes } from '@wallet/contract/routes';
import { apiClient } from '@/lib/api-client';
import type { StatementRange } from '@/features/statement/lib/statement-range';

export type ExportFormat = 'csv' | 'pdf';

export function exportPath(range: StatementRange, format: ExportFormat, lang: Locale): string {
  return routes.statement.export.path + queryString({ ...range, format, lang });
}

/** Fetches the file and hands it to the browser as a download; throws an ApiError on refusal. */
export async function downloadStatement(
  range: StatementRange,
  format: ExportFormat,
  lang: Locale,
): Promise<void> {
  const sent = apiClient.headers({});
  sent.Accept = format === 'csv' ? 'text/csv' : 'application/pdf';
  const response = await fetch(exportPath(range, format, lang), {
    headers: sent,
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    await apiClient.settle(response.status, body, sent);
    return;
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `statement-${range.from}-${range.to}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
