// The draw (decision 0071): a slice is chosen with crypto.randomInt over the integer
// weights, so a slice of weight w out of a total W comes up with probability exactly w / W.
// The spin endpoint calls this function; the fairness test calls the same one.
import { randomInt } from 'node:crypto';

export interface Weighted {
  weight: number;
}

/** The largest total weight randomInt can draw over (its range must be below 2^48). */
export const MAX_TOTAL_WEIGHT = 2 ** 48 - 1;

/**
 * Picks one item with probability weight / total. Answers undefined when nothing can be
 * drawn (no item, or every weight 0). `random(max)` must answer a uniform integer in
 * [0, max); it is crypto.randomInt unless a test pins it.
 */
export function drawSlice<T extends Weighted>(
  items: readonly T[],
  random: (max: number) => number = randomInt,
): T | undefined {
  let total = 0;
  for (const item of items) {
    if (!Number.isSafeInteger(item.weight) || item.weight < 0)
      throw new RangeError(`slice weight must be a non-negative integer, got ${item.weight}`);
    total += item.weight;
  }
  if (total === 0) return undefined;
  if (total > MAX_TOTAL_WEIGHT) throw new RangeError(`total weight ${total} is too large`);
  let ticket = random(total);
  for (const item of items) {
    if (ticket < item.weight) return item;
    ticket -= item.weight;
  }
  throw new RangeError(`random(${total}) answered out of range`);
}
