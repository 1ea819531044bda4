import { describe, expect, it } from 'vitest';
import { parseBahtText } from './money-text.js';

describe('parseBahtText', () => {
  it.each([
    ['100', 10_000],
    ['100.5', 10_050],
    ['1,500.75', 150_075],
    [' 0.01 ', 1],
    ['10000000', 1_000_000_000],
  ])('reads %s as %i satang', (text, satang) => {
    expect(parseBahtText(text)).toBe(satang);
  });

  it.each(['', '0', '0.00', '-1', '1.005', 'abc', '1e3', '10000000.01', '.5', 'NaN'])(
    'refuses %j',
    (text) => {
      expect(parseBahtText(text)).toBeNull();
    },
  );
});
