// Downloads a file answer of the API (a report's CSV, decision 0094) with the session's
// token, and hands it to the browser as a file. callApi reads JSON; a file is bytes.
import { buildPath, type ParamsFor } from '@wallet/contract/client';
import type { RouteDef } from '@wallet/contract/routes';
import { parseBody } from '@wallet/client/api';
import { ApiError, apiClient, queryString, type EndpointOf } from '@/lib/api';
import { noteApiCall } from '@/lib/session';

/** The file name from `Content-Disposition: attachment; filename="x.csv"`, else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}

/** Fetches the file and saves it; answers the file name. Throws ApiError on a refusal. */
export async function downloadFile<R extends RouteDef>(
  route: R,
  options: {
    params?: ParamsFor<EndpointOf<R>>;
    query?: Record<string, unknown>;
    fallbackName: string;
  },
): Promise<string> {
  // The API client's headers; a refusal is settled by its rules (ApiError, identity failure).
  const headers = apiClient.headers({});
  delete headers.Accept;
  let response: Response;
  try {
    response = await fetch(
      buildPath(route.path, options.params as Record<string, string> | undefined) +
        queryString(options.query),
      { method: route.method, headers, credentials: 'same-origin' },
    );
  } catch {
    throw new ApiError('NETWORK_ERROR', 0);
  }
  if (headers.Authorization) noteApiCall();
  if (!response.ok) {
    await apiClient.settle(response.status, parseBody(await response.text()), headers);
  }
  const name = fileNameOf(response.headers.get('content-disposition'), options.fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
