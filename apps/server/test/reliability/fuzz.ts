// reliability.md T8: request bodies generated from the contract's field types. For each
// field of an endpoint's body schema: valid values, and negative, zero, huge, 3-decimal,
// NaN / Infinity (as strings and as raw JSON tokens), wrong types, 1 MB values; plus extra
// fields (balance, role, memberId, ...), missing fields, non-object bodies, malformed JSON,
// and idempotency keys that are missing, malformed or reused.
import { randomUUID } from 'node:crypto';
import type { EndpointDef } from '@wallet/contract';
import fc from 'fast-check';
import type { z } from 'zod';

export const ONE_MB = 1024 * 1024;
const bigString = 'x'.repeat(ONE_MB + 16);

export type KeyMode = 'fresh' | 'missing' | 'malformed' | 'reuse';

export type FuzzCase =
  | { kind: 'object'; body: unknown; keyMode: KeyMode; reuseIndex: number }
  | { kind: 'raw'; text: string; keyMode: KeyMode; reuseIndex: number };

/** Values a client could send where the contract wants a baht amount (or any number). */
export function numberArb(valid: fc.Arbitrary<number>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 2, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        0,
        -0,
        -0.01,
        0.001,
        0.009,
        1.005,
        99.999,
        100.001,
        1e15,
        1e21,
        Number.MAX_SAFE_INTEGER,
        Number.MAX_SAFE_INTEGER + 2,
        Number.MAX_VALUE,
        Number.MIN_VALUE,
        10_000_000.01,
        -1e9,
      ),
    },
    { weight: 2, arbitrary: fc.double({ min: -1e12, max: 1e12, noNaN: true }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'NaN',
        'Infinity',
        '-Infinity',
        '1e309',
        '100',
        '100.001',
        '',
        ' 100',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.integer(), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
      ),
    },
  );
}

export function stringArb(valid: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      weight: valid.length > 0 ? 4 : 0,
      arbitrary: valid.length > 0 ? fc.constantFrom(...valid) : fc.constant(''),
    },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '__proto__',
        'constructor',
        '../../etc/passwd',
        '%00',
        "' or 1=1 --",
        '<script>alert(1)</script>',
        'ทดสอบ',
        '1e309',
        'x'.repeat(300),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string(), { maxLength: 2 }),
      ),
    },
  );
}

/** Valid examples per field name, so that some generated requests get through. */
export interface FieldHints {
  amount?: fc.Arbitrary<number>;
  strings?: Record<string, readonly string[]>;
}

const defaultAmount = fc
  .integer({ min: 100, max: 6_000_00 })
  .map((satang) => Number(`${Math.trunc(satang / 100)}.${String(satang % 100).padStart(2, '0')}`));

function fieldArb(name: string, schema: z.ZodType, hints: FieldHints): fc.Arbitrary<unknown> {
  const def = (
    schema as unknown as { _zod: { def: { type: string; entries?: Record<string, string> } } }
  )._zod.def;
  if (def.type === 'number') return numberArb(hints.amount ?? defaultAmount);
  if (def.type === 'enum') {
    const entries = Object.values(def.entries ?? {});
    return stringArb([...entries, ...entries.map((e) => e.toUpperCase())]);
  }
  return stringArb(hints.strings?.[name] ?? []);
}

const extraFields = fc.dictionary(
  fc.constantFrom(
    'balance',
    'role',
    'memberId',
    'member_id',
    '_id',
    'status',
    'currency',
    'admin',
    'from',
  ),
  fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.boolean()),
  { minKeys: 1, maxKeys: 3 },
);

/** One generated request for an endpoint whose body is a strict object. */
export function caseArb(def: EndpointDef, hints: FieldHints = {}): fc.Arbitrary<FuzzCase> {
  const shape = (def.body as unknown as { shape: Record<string, z.ZodType> }).shape;
  const names = Object.keys(shape);
  const fields = Object.fromEntries(names.map((n) => [n, fieldArb(n, shape[n]!, hints)]));
  const keyMode = fc.constantFrom<KeyMode>(
    'fresh',
    'fresh',
    'fresh',
    'fresh',
    'missing',
    'malformed',
    'reuse',
    'reuse',
  );
  const reuseIndex = fc.nat();

  const object = fc
    .record({
      values: fc.record(fields),
      drop: fc.subarray(names),
      // Mostly none: an extra field in 1 of 4 bodies, a 1 MB value in 1 of 40.
      extra: fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: extraFields },
      ),
      // (A body without fields, `{}`, has no value to make huge.)
      huge:
        names.length === 0
          ? fc.constant(null)
          : fc.oneof(
              { weight: 39, arbitrary: fc.constant(null) },
              { weight: 1, arbitrary: fc.constantFrom(...names) },
            ),
    })
    .map(({ values, drop, extra, huge }) => {
      const body: Record<string, unknown> = { ...values };
      for (const n of drop) delete body[n];
      if (extra) Object.assign(body, extra);
      if (huge) body[huge] = bigString;
      return body;
    });
  const notObject = fc.oneof(
    fc.constant(null),
    fc.integer(),
    fc.string({ maxLength: 10 }),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.constant(Array.from({ length: 200_000 }, (_, i) => i)), // about 1.2 MB of JSON
  );
  const raw = fc.oneof(
    fc
      .record({
        values: fc.record(fields),
        token: fc.constantFrom(
          'NaN',
          'Infinity',
          '-Infinity',
          '1e400',
          '-1e400',
          '0x10',
          '1.',
          '.5',
          '01',
          '1_000',
        ),
      })
      .map(({ values, token }) => {
        const numberField = names.find(
          (n) =>
            (shape[n] as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'number',
        );
        const body = JSON.stringify({
          ...values,
          ...(numberField ? { [numberField]: '__TOKEN__' } : {}),
        });
        return body.replace('"__TOKEN__"', token);
      }),
    fc.constantFrom(
      '{',
      '{"amount":}',
      'null',
      '',
      '{"amount":100,"amount":-5}',
      '['.repeat(5000) + ']'.repeat(5000),
      '{"__proto__":{"role":"operator"},"amount":100}',
    ),
  );
  // Bodies the contract accepts, so that the rules behind validation are reached too.
  const validFields = Object.fromEntries(
    names.map((n) => {
      const def = (
        shape[n] as unknown as { _zod: { def: { type: string; entries?: Record<string, string> } } }
      )._zod.def;
      if (def.type === 'number') return [n, hints.amount ?? defaultAmount];
      if (def.type === 'enum') return [n, fc.constantFrom(...Object.values(def.entries ?? {}))];
      const valid = hints.strings?.[n] ?? [];
      return [n, valid.length > 0 ? fc.constantFrom(...valid) : fc.constant('x')];
    }),
  );
  const validBody = fc.record(validFields);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('object' as const),
        body: validBody,
        keyMode,
        reuseIndex,
      }),
    },
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('object' as const),
        body: object,
        keyMode,
        reuseIndex,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('object' as const),
        body: notObject,
        keyMode,
        reuseIndex,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('raw' as const), text: raw, keyMode, reuseIndex }),
    },
  );
}

/** The body a server would see after JSON parsing, or undefined when it is not JSON. */
export function parsedBody(c: FuzzCase): { ok: true; value: unknown } | { ok: false } {
  if (c.kind === 'object') return { ok: true, value: c.body };
  try {
    return { ok: true, value: JSON.parse(c.text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function keyHeader(
  mode: KeyMode,
  used: string[],
  reuseIndex: number,
): Record<string, string> {
  if (mode === 'missing') return {};
  if (mode === 'malformed') return { 'idempotency-key': 'bad key!' };
  if (mode === 'reuse' && used.length > 0)
    return { 'idempotency-key': used[reuseIndex % used.length]! };
  const key = `fz-${randomUUID()}`;
  used.push(key);
  return { 'idempotency-key': key };
}

export interface FuzzFigures {
  cases: number;
  byStatus: Record<number, number>;
  serverErrors: number;
  /** Non-2xx answers after which any balance or posting count had changed. */
  rejectedThatMoved: number;
  /** 2xx answers to bodies the contract schema refuses. */
  invalidAccepted: number;
  /** 2xx answers to a reused key with the same request that moved money again. */
  replaysThatMoved: number;
}

export const emptyFigures = (): FuzzFigures => ({
  cases: 0,
  byStatus: {},
  serverErrors: 0,
  rejectedThatMoved: 0,
  invalidAccepted: 0,
  replaysThatMoved: 0,
});
