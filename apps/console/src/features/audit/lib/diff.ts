// The before/after of an audit row as field rows (decision 0094): the union of both sides'
// top-level fields, each side's value as short JSON text, and whether it changed.
export interface DiffRow {
  field: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const none = (v: unknown) => v === null || v === undefined;
  if (none(before) && none(after)) return [];
  if (!isRecord(before ?? {}) || !isRecord(after ?? {})) {
    const b = none(before) ? null : text(before);
    const a = none(after) ? null : text(after);
    return [{ field: '', before: b, after: a, changed: b !== a }];
  }
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => {
    const was = field in b ? text(b[field]) : null;
    const is = field in a ? text(a[field]) : null;
    return { field, before: was, after: is, changed: was !== is };
  });
}
