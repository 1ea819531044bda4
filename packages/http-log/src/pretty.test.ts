import { describe, expect, it } from 'vitest';
import { PrettyFormatter, prettyLogStream } from './index';

const T = '2026-11-28T06:08:07.123Z';
/** The terminal shows local time; the tests run in any time zone. */
const at = new Date(T).toTimeString().slice(0, 8);
const line = (entry: object) =>
  JSON.stringify({ level: 30, time: T, pid: 1, hostname: 'vm', ...entry });

describe('PrettyFormatter', () => {
  it('leaves out the two lines of an ordinary request, 2xx or 4xx', () => {
    const f = new PrettyFormatter();
    for (const [id, status] of [
      ['r1', 200],
      ['r2', 401],
    ] as const) {
      expect(
        f.format(
          line({ reqId: id, req: { method: 'GET', url: '/api/wallet' }, msg: 'incoming request' }),
        ),
      ).toBe('');
      expect(
        f.format(
          line({
            reqId: id,
            res: { statusCode: status },
            responseTime: 3.2,
            msg: 'request completed',
          }),
        ),
      ).toBe('');
    }
    expect(f.inFlight).toBe(0);
  });

  it('gives a 5xx answer one line naming the request (its URL as the serializer redacted it)', () => {
    const f = new PrettyFormatter();
    f.format(
      line({
        reqId: 'r1',
        req: { method: 'POST', url: '/play/[redacted]' },
        msg: 'incoming request',
      }),
    );
    expect(
      f.format(
        line({
          reqId: 'r1',
          res: { statusCode: 502 },
          responseTime: 41.6,
          msg: 'request completed',
        }),
      ),
    ).toBe(`${at} POST /play/[redacted] 502 42 ms\n`);
  });

  it('names every request at debug (requests: all)', () => {
    const f = new PrettyFormatter({ requests: 'all' });
    f.format(
      line({
        reqId: 'r1',
        req: { method: 'GET', url: '/api/lookup/active' },
        msg: 'incoming request',
      }),
    );
    expect(
      f.format(
        line({ reqId: 'r1', res: { statusCode: 200 }, responseTime: 1, msg: 'request completed' }),
      ),
    ).toBe(`${at} GET /api/lookup/active 200 1 ms\n`);
  });

  it('writes an event as its message, its name and its fields', () => {
    const f = new PrettyFormatter();
    const text = f.format(
      line({
        reqId: 'r9',
        event: 'transfer',
        memberNo: '10001',
        from: 'WALLET',
        to: 'PG',
        amount: 250,
        msg: 'money',
      }),
    );
    expect(text).toBe(`${at} money transfer  memberNo=10001 from=WALLET to=PG amount=250\n`);
  });

  it('marks warnings and errors, quotes text with spaces, shortens long values, keeps an error stack', () => {
    const f = new PrettyFormatter();
    expect(f.format(line({ level: 40, note: 'two words', msg: 'slow' }))).toBe(
      `${at} WARN slow  note="two words"\n`,
    );
    const long = f.format(
      line({
        migrations: Array.from({ length: 40 }, (_, i) => `00${i}-x`),
        msg: 'migrations applied',
      }),
    );
    expect(long).toMatch(/^\S+ migrations applied {2}migrations=\["000-x",.{80,}…\n$/);
    const error = f.format(
      line({
        level: 50,
        err: {
          type: 'Error',
          message: 'boom',
          stack: 'Error: boom\n    at a (x.ts:1:1)\n    at b (y.ts:2:2)',
        },
        msg: 'sandbox error',
      }),
    );
    expect(error).toBe(
      `${at} ERROR sandbox error err=boom\n    at a (x.ts:1:1)\n    at b (y.ts:2:2)\n`,
    );
  });

  it('reads epoch-millisecond times (the sandbox) and passes lines that are not JSON through', () => {
    const f = new PrettyFormatter();
    expect(f.format(JSON.stringify({ level: 30, time: Date.parse(T), msg: 'hello' }))).toBe(
      `${at} hello\n`,
    );
    expect(f.format('plain text')).toBe('plain text\n');
    expect(f.format('[1,2]')).toBe('[1,2]\n');
  });

  it('remembers a bounded number of requests in flight', () => {
    const f = new PrettyFormatter({ inFlight: 2 });
    for (const id of ['a', 'b', 'c']) {
      f.format(line({ reqId: id, req: { method: 'GET', url: `/${id}` }, msg: 'incoming request' }));
    }
    expect(f.inFlight).toBe(2);
    // The oldest was let go: its late 5xx is still told, without its route.
    expect(f.format(line({ reqId: 'a', res: { statusCode: 500 }, msg: 'request completed' }))).toBe(
      `${at} request 500\n`,
    );
  });
});

describe('prettyLogStream', () => {
  it('writes readable lines to its destination and nothing for a left-out line', () => {
    const out: string[] = [];
    const stream = prettyLogStream({ write: (chunk) => out.push(chunk) });
    stream.write(`${line({ msg: 'Server listening at http://127.0.0.1:3000' })}\n`);
    stream.write(
      `${line({ reqId: 'r', req: { method: 'GET', url: '/' }, msg: 'incoming request' })}\n`,
    );
    expect(out).toEqual([`${at} Server listening at http://127.0.0.1:3000\n`]);
  });
});
