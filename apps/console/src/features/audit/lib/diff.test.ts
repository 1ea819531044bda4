import { describe, expect, it } from 'vitest';
import { diffRows } from './diff';

describe('audit before/after rows', () => {
  it('lists every field of either side and marks the changed ones', () => {
    expect(
      diffRows({ status: 'WAITING', amount: 100 }, { status: 'PAID', amount: 100, by: 'a' }),
    ).toEqual([
      { field: 'status', before: 'WAITING', after: 'PAID', changed: true },
      { field: 'amount', before: '100', after: '100', changed: false },
      { field: 'by', before: null, after: 'a', changed: true },
    ]);
  });

  it('shows a non-object side whole, and nothing when neither side was recorded', () => {
    expect(diffRows(null, null)).toEqual([]);
    expect(diffRows(null, [1, 2])).toEqual([
      { field: '', before: null, after: '[1,2]', changed: true },
    ]);
    expect(diffRows(undefined, { a: { b: 1 } })).toEqual([
      { field: 'a', before: null, after: '{"b":1}', changed: true },
    ]);
  });
});
