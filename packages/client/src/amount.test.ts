import { describe, expect, it } from 'vitest';
import { parseAmountInput, parseAmountSatang } from './amount';

describe('parseAmountInput: an amount a person types, in both apps', () => {
  it('reads what the member typed as decimal text', () => {
    expect(parseAmountInput('100')).toEqual({ ok: true, baht: 100 });
    expect(parseAmountInput(' 1,000.50 ')).toEqual({ ok: true, baht: 1000.5 });
    expect(parseAmountInput('0.07')).toEqual({ ok: true, baht: 0.07 });
    expect(parseAmountInput('5.')).toEqual({ ok: true, baht: 5 });
    expect(parseAmountInput('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseAmountInput('1.234')).toEqual({ ok: false, reason: 'format', max: 10_000_000 });
    expect(parseAmountInput('-5')).toEqual({ ok: false, reason: 'format', max: 10_000_000 });
    expect(parseAmountInput('1e3')).toEqual({ ok: false, reason: 'format', max: 10_000_000 });
    expect(parseAmountInput('abc')).toEqual({ ok: false, reason: 'format', max: 10_000_000 });
    expect(parseAmountInput('20000000')).toEqual({
      ok: false,
      reason: 'tooLarge',
      max: 10_000_000,
    });
  });

  it('refuses anything but digits and at most 2 decimals, and says the maximum (issue 26)', () => {
    const format = { ok: false, reason: 'format', max: 10_000_000 };
    for (const text of [
      '1e3😀abc',
      '1e3',
      '๑๐๐',
      '1 000',
      '1,00',
      '1,0,0',
      '.5',
      '+5',
      '0x10',
      'Infinity',
      '1..2',
    ])
      expect(parseAmountInput(text), text).toEqual(format);
    expect(parseAmountInput('99,999,999')).toEqual({
      ok: false,
      reason: 'tooLarge',
      max: 10_000_000,
    });
    expect(parseAmountInput('99999999')).toEqual({
      ok: false,
      reason: 'tooLarge',
      max: 10_000_000,
    });
    expect(parseAmountInput('9'.repeat(40))).toEqual({
      ok: false,
      reason: 'tooLarge',
      max: 10_000_000,
    });
    expect(parseAmountInput('10,000,000')).toEqual({ ok: true, baht: 10_000_000 });
    expect(parseAmountInput('10000000.01')).toEqual({
      ok: false,
      reason: 'tooLarge',
      max: 10_000_000,
    });
    expect(parseAmountInput('0010')).toEqual({ ok: true, baht: 10 });
    // A caller's lower bound (a gateway's or the withdrawal maximum).
    expect(parseAmountInput('50001', 50_000)).toEqual({
      ok: false,
      reason: 'tooLarge',
      max: 50_000,
    });
  });

  it('answers satang for the console, refusing what the console once read (issue 27)', () => {
    expect(parseAmountSatang('1,234.56')).toEqual({ ok: true, satang: 123_456 });
    expect(parseAmountSatang('0.1')).toEqual({ ok: true, satang: 10 });
    // The console's own readers dropped every comma ("1,2,3" was 123) and refused "5.".
    expect(parseAmountSatang('1,2,3')).toEqual({ ok: false, reason: 'format', max: 10_000_000 });
    expect(parseAmountSatang('5.')).toEqual({ ok: true, satang: 500 });
  });
});
