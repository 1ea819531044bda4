import { beforeEach, describe, expect, it } from 'vitest';
import { slipReasonCodes } from '@wallet/contract/client';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { th } from '@/i18n/locales/th';
import { slipReasonMessage, slipStatusKind } from '@/lib/slip-reason';

beforeEach(() => installCatalog('en', en));

describe('slip reasons (spec section 8)', () => {
  it('shows the reason table messages', () => {
    expect(slipReasonMessage('UPLOADED_FILE_NOT_EXIST')).toBe('Incorrect slip');
    expect(slipReasonMessage('IMG_SIZE_UNABLE_TO_PROCESS')).toBe('Incorrect slip');
    expect(slipReasonMessage('CANNOT_READ_CROPPED_IMAGE')).toBe('Incorrect slip');
    expect(slipReasonMessage('DEST_ACC_INVALID')).toBe('Incorrect destination account');
    expect(slipReasonMessage('SLIP_REFNO_DUPLICATED')).toBe('Duplicate slip');
    expect(slipReasonMessage('NOT_MATCH')).toBe(
      'The account number does not match your registered account',
    );
    expect(slipReasonMessage('EXPIRED_SLIP')).toBe('Expired slip');
    expect(slipReasonMessage('UNKNOW_ERROR')).toBe('Unknown error. Please contact the admin.');
    for (const code of slipReasonCodes) expect(slipReasonMessage(code)).not.toBe(code);
  });

  it('translates catalogue codes too, and shows anything else raw', () => {
    expect(slipReasonMessage('SLIP_UPLOAD_FAIL')).toBe('Slip upload failed');
    expect(slipReasonMessage('bank said no')).toBe('bank said no');
  });

  it('follows the language', () => {
    installCatalog('th', th);
    expect(slipReasonMessage('SLIP_REFNO_DUPLICATED')).toBe(th.slipReasons.SLIP_REFNO_DUPLICATED);
  });

  it('maps statuses to processing / success / failed', () => {
    expect(slipStatusKind('SUCCESS')).toBe('success');
    expect(slipStatusKind('success')).toBe('success');
    expect(slipStatusKind('FAILED')).toBe('failed');
    expect(slipStatusKind('failed')).toBe('failed');
    expect(slipStatusKind('processing')).toBe('processing');
    expect(slipStatusKind('WAITING')).toBe('processing');
  });
});
