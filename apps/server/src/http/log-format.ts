// Where the server's log lines go and how they read (issue 26): JSON lines, one per event and
// two per request, for production's collectors (LOG_FORMAT=json, the default there and in
// tests); short readable lines for a developer's terminal (LOG_FORMAT=pretty, the default in
// development), without the per-request lines unless a request fails with a 5xx or the level
// is debug. Both come after the request serializer and redaction (decision 0048).
import { prettyLogStream, type LogFormat } from '@wallet/http-log';

interface Destination {
  write(line: string): unknown;
}

/** pino's `stream` for the format, or undefined for its own stdout writer (JSON). */
export function logDestination(
  format: LogFormat,
  level: string,
  stream?: Destination,
): Destination | undefined {
  if (format === 'json') return stream;
  const requests = level === 'debug' || level === 'trace' ? 'all' : 'errors';
  return prettyLogStream(stream ?? process.stdout, { requests });
}
