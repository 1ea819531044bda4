import { describe, expect, it } from 'vitest';
import { pageCount, pageRange } from '@/lib/pager';

const statement = { before: 3, after: 1 };

describe('pager', () => {
  it('counts pages of 10, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 10)).toBe(10);
  });

  it('shows three pages before the current one and one after (spec section 9)', () => {
    expect(pageRange(5, 9, statement)).toEqual([2, 3, 4, 5, 6]);
    expect(pageRange(1, 9, statement)).toEqual([1, 2]);
    expect(pageRange(2, 9, statement)).toEqual([1, 2, 3]);
    expect(pageRange(4, 9, statement)).toEqual([1, 2, 3, 4, 5]);
    expect(pageRange(9, 9, statement)).toEqual([6, 7, 8, 9]);
    expect(pageRange(1, 1, statement)).toEqual([1]);
  });

  it('clamps a page outside the range', () => {
    expect(pageRange(0, 3, statement)).toEqual([1, 2]);
    expect(pageRange(12, 3, statement)).toEqual([1, 2, 3]);
  });
});
