// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { checkSlipFile, slipOutcome } from '@/features/deposit/lib/slip-file';

describe('slip file and outcome', () => {
  it('accepts PNG and JPEG up to the cap', () => {
    expect(checkSlipFile({ type: 'image/png', size: 10 }, 100)).toBe('ok');
    expect(checkSlipFile({ type: 'image/jpeg', size: 100 }, 100)).toBe('ok');
    expect(checkSlipFile({ type: 'image/gif', size: 10 }, 100)).toBe('type');
    expect(checkSlipFile({ type: 'application/pdf', size: 10 }, 100)).toBe('type');
    expect(checkSlipFile({ type: 'image/png', size: 101 }, 100)).toBe('size');
    expect(checkSlipFile({ type: 'image/png', size: 0 }, 100)).toBe('size');
  });

  it('reads SUCCESS, PROCESSING and a reason code', () => {
    expect(slipOutcome({ message: 'SUCCESS', amount: 500.25 })).toEqual({
      kind: 'success',
      amount: 500.25,
    });
    // A server that does not send the amount: accepted, no figure.
    expect(slipOutcome({ message: 'SUCCESS' })).toEqual({ kind: 'success', amount: null });
    expect(slipOutcome({ message: 'PROCESSING' })).toEqual({ kind: 'processing' });
    expect(slipOutcome({ message: 'EXPIRED_SLIP' })).toEqual({
      kind: 'failed',
      code: 'EXPIRED_SLIP',
    });
    expect(slipOutcome({ message: '' })).toEqual({ kind: 'failed', code: 'UNKNOW_ERROR' });
  });
});
