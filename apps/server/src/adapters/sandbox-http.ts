// What the JSON adapters to the sandbox share: one call with the x-sandbox-key header and a
// deadline, a body read that never throws, and the small checks of what came back. An
// answer counts only when it proves an outcome; the callers decide that.
export type Json = Record<string, unknown>;

export interface SandboxHttpOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The JSON object of an answer, or {} when the body is not one. */
export async function readJson(response: Response): Promise<Json> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Json) : {};
  } catch {
    return {};
  }
}

/** Status and JSON body of one call; network errors and timeouts throw. */
export async function sandboxCall(
  options: SandboxHttpOptions,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Json }> {
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(`${options.baseUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-sandbox-key': options.apiKey },
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  return { status: response.status, body: await readJson(response) };
}

/** The error's name for a log line (never its message, which may carry a URL or a body). */
export const errorName = (error: unknown) => (error instanceof Error ? error.name : 'error');
export const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
export const isSatang = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
