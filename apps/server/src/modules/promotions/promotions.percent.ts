/** `rate` percent (0-100, two decimals at most) of `amount` satang, rounded down to the satang. */
export const percentOf = (amount: number, rate: number): number =>
  Math.floor((amount * Math.round(rate * 100)) / 10_000);
