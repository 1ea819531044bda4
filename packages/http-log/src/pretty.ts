// Readable, quiet logs for a developer's terminal (issue 26): pino's JSON lines turned into one
// short line each, `06:08:07 money transfer_in memberNo=10001 amount=250`, and Fastify's two
// lines per request left out unless the answer is a server error (or every request is asked
// for, at debug). Production keeps the JSON lines (LOG_FORMAT=json). The formatting runs
// after pino's serializers and redaction, so what is hidden in JSON stays hidden here.

export type LogFormat = 'json' | 'pretty';

export interface PrettyOptions {
  /** `errors`: only requests answered 5xx get a line (default); `all`: every request. */
  requests?: 'errors' | 'all';
  /** How many requests in flight are remembered to name a late 5xx (default 1,000). */
  inFlight?: number;
}

interface Writable {
  write(chunk: string): unknown;
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: '',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields every line has, or that a request line shows its own way. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'event', 'err']);

/** A field value, short: strings bare when they have no space, the rest compact JSON. */
function value(raw: unknown): string {
  const text =
    typeof raw === 'string'
      ? /^[^\s"=]+$/.test(raw)
        ? raw
        : JSON.stringify(raw)
      : (JSON.stringify(raw) ?? String(raw));
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

function clock(time: unknown): string {
  const date =
    typeof time === 'number' || typeof time === 'string' ? new Date(time) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) return '--:--:--';
  return date.toTimeString().slice(0, 8);
}

interface LogLine {
  level?: number;
  time?: unknown;
  msg?: unknown;
  reqId?: unknown;
  event?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/**
 * Turns pino JSON lines into readable ones. Keeps a bounded map of requests in flight (their
 * method and redacted URL) so that a 5xx answer can be named on its one line.
 */
export class PrettyFormatter {
  private readonly requests: 'errors' | 'all';
  private readonly limit: number;
  private readonly pending = new Map<string, string>();

  constructor(options: PrettyOptions = {}) {
    this.requests = options.requests ?? 'errors';
    this.limit = options.inFlight ?? 1000;
  }

  /** The readable line (with a trailing newline), or '' to leave the line out. */
  format(line: string): string {
    let entry: LogLine;
    try {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        return `${line}\n`;
      }
      entry = parsed as LogLine;
    } catch {
      return `${line}\n`; // not ours: pass it through as it came
    }
    const reqId = typeof entry.reqId === 'string' ? entry.reqId : undefined;
    if (entry.msg === 'incoming request' && entry.req) {
      if (reqId !== undefined) this.remember(reqId, `${entry.req.method} ${entry.req.url}`);
      return '';
    }
    if (entry.msg === 'request completed' || entry.msg === 'request errored') {
      const route = reqId === undefined ? undefined : this.pending.get(reqId);
      if (reqId !== undefined) this.pending.delete(reqId);
      const status = entry.res?.statusCode ?? 0;
      const errored = entry.msg === 'request errored' || status >= 500;
      if (!errored && this.requests !== 'all') return '';
      const ms =
        typeof entry.responseTime === 'number' ? ` ${Math.round(entry.responseTime)} ms` : '';
      return this.render(entry, `${route ?? 'request'} ${status || '-'}${ms}`, []);
    }
    const fields = Object.entries(entry)
      .filter(([key]) => !HIDDEN.has(key))
      .map(([key, raw]) => `${key}=${value(key === 'req' ? requestOf(raw) : raw)}`);
    const text = typeof entry.msg === 'string' ? entry.msg : '';
    const event = typeof entry.event === 'string' ? entry.event : '';
    return this.render(entry, [text, event].filter(Boolean).join(' '), fields);
  }

  private render(entry: LogLine, text: string, fields: string[]): string {
    const level = LEVELS[entry.level ?? 30] ?? String(entry.level);
    const head = [clock(entry.time), level, text].filter(Boolean).join(' ');
    const err = entry.err;
    const errText = err ? ` err=${value(err.message ?? err.type ?? 'error')}` : '';
    const extra = fields.length ? `  ${fields.join(' ')}` : '';
    // A server error's stack is what its reader needs next; warnings keep one line.
    const stack =
      err?.stack && (entry.level ?? 30) >= 50
        ? `\n${err.stack
            .split('\n')
            .slice(1)
            .map((l) => `    ${l.trim()}`)
            .join('\n')}`
        : '';
    return `${head}${extra}${errText}${stack}\n`;
  }

  private remember(reqId: string, route: string): void {
    this.pending.set(reqId, route);
    if (this.pending.size > this.limit) {
      this.pending.delete(this.pending.keys().next().value!);
    }
  }

  get inFlight(): number {
    return this.pending.size;
  }
}

/** A logged request in a field of its own: `GET /path`. */
function requestOf(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const req = raw as { method?: unknown; url?: unknown };
  return typeof req.method === 'string' && typeof req.url === 'string'
    ? `${req.method} ${req.url}`
    : raw;
}

/** A pino destination that writes readable lines to `out` (process.stdout by default). */
export function prettyLogStream(out: Writable, options: PrettyOptions = {}): Writable {
  const formatter = new PrettyFormatter(options);
  return {
    write(chunk: string) {
      let text = '';
      for (const line of chunk.split('\n')) if (line) text += formatter.format(line);
      if (text) out.write(text);
      return true;
    },
  };
}
