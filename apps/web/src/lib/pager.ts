// Page numbers shown by a pager (spec section 9: statement page range before 3, after 1).

export interface PageRangeOptions {
  before: number;
  after: number;
}

export function pageCount(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/**
 * The page numbers around `current`: up to `before` pages before it and `after` pages after
 * it, clamped to 1..pages. Page 5 of 9 with before 3 / after 1 gives [2, 3, 4, 5, 6].
 */
export function pageRange(
  current: number,
  pages: number,
  { before, after }: PageRangeOptions,
): number[] {
  const last = Math.max(1, pages);
  const page = Math.min(Math.max(1, current), last);
  const from = Math.max(1, page - before);
  const to = Math.min(last, page + after);
  const out: number[] = [];
  for (let n = from; n <= to; n += 1) out.push(n);
  return out;
}
