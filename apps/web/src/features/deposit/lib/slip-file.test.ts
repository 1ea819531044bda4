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
    expect(slipOutcome('SUCCESS')).toEqual({ kind: 'success' });
    expect(slipOutcome('PROCESSING')).toEqual({ kind: 'processing' });
    expect(slipOutcome('EXPIRED_SLIP')).toEqual({ kind: 'failed', code: 'EXPIRED_SLIP' });
    expect(slipOutcome('')).toEqual({ kind: 'failed', code: 'UNKNOW_ERROR' });
  });
});
