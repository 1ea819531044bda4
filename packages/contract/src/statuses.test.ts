import { describe, expect, it } from 'vitest';
import {
  giftStatuses,
  itemState,
  operatorQrStatuses,
  operatorSlipStates,
  providerTransferStatuses,
  slipStatuses,
  statementStatuses,
  statusValueOf,
  statusVocabularies,
  statusVocabularyNames,
  transferStatuses,
  withdrawalStatusValues,
  type StatusVocabulary,
} from './statuses';

describe('status vocabularies', () => {
  it('each vocabulary reads every value of its list, and nothing else', () => {
    const lists: Record<StatusVocabulary, readonly string[]> = {
      statement: statementStatuses,
      transfer: transferStatuses,
      slip: slipStatuses,
      slipReview: operatorSlipStates,
      withdrawal: withdrawalStatusValues,
      qr: operatorQrStatuses,
      giftLink: giftStatuses,
      providerTransfer: providerTransferStatuses,
    };
    expect(Object.keys(lists).sort()).toEqual([...statusVocabularyNames].sort());
    for (const name of statusVocabularyNames)
      expect(Object.keys(statusVocabularies[name]).sort(), name).toEqual([...lists[name]].sort());
  });

  it('the vocabularies agree: a value means the same wherever it appears, in any case', () => {
    const seen = new Map<string, string>();
    for (const name of statusVocabularyNames)
      for (const [value, state] of Object.entries(statusVocabularies[name])) {
        const key = value.toUpperCase();
        if (seen.has(key)) expect(state, `${name}.${value}`).toBe(seen.get(key));
        seen.set(key, state);
      }
  });
});

describe('itemState', () => {
  it('reads lower-case slip statuses as the statement reads upper case (issue 26)', () => {
    expect(itemState('success', 'slip')).toBe('success');
    expect(itemState('failed', 'slip')).toBe('failed');
    expect(itemState('processing', 'slip')).toBe('progress');
    expect(itemState('SUCCESS', 'slip')).toBe('success');
    expect(itemState('success')).toBe('success');
    expect(itemState('failed')).toBe('failed');
    expect(itemState('SUCCESS', 'statement')).toBe('success');
    expect(itemState('FAILED', 'statement')).toBe('failed');
    expect(itemState('WAITING', 'statement')).toBe('progress');
    expect(itemState('PENDING')).toBe('progress');
  });

  it('reads every money vocabulary: paid, credited and posted are done; rejected, expired, cancelled and voided are not', () => {
    expect(itemState('PAID', 'withdrawal')).toBe('success');
    expect(itemState('REJECTED', 'withdrawal')).toBe('failed');
    expect(itemState('PROCESSING')).toBe('progress');
    expect(itemState('PAID', 'qr')).toBe('success');
    expect(itemState('EXPIRED')).toBe('failed');
    expect(itemState('CANCELLED')).toBe('failed');
    expect(itemState('OPEN')).toBe('progress');
    expect(itemState('CREDITED', 'giftLink')).toBe('success');
    expect(itemState('REVIEW')).toBe('progress');
    expect(itemState('review', 'slipReview')).toBe('progress');
    expect(itemState('POSTED')).toBe('success');
    expect(itemState('VOIDED')).toBe('failed');
  });

  it('anything else is in progress (spec section 4), and a value of another vocabulary is not read as this one', () => {
    expect(itemState('SOMETHING_NEW')).toBe('progress');
    expect(itemState('')).toBe('progress');
    expect(itemState(undefined)).toBe('progress');
    expect(itemState(null)).toBe('progress');
    expect(itemState('PAID', 'slip')).toBe('progress');
  });

  it('statusValueOf names the vocabulary value in its own case, or nothing', () => {
    expect(statusValueOf('slip', 'failed')).toBe('failed');
    expect(statusValueOf('slip', 'FAILED')).toBe('failed');
    expect(statusValueOf('withdrawal', 'paid')).toBe('PAID');
    expect(statusValueOf('withdrawal', 'toString')).toBeUndefined();
    expect(statusValueOf('slip', 'PAID')).toBeUndefined();
    expect(statusValueOf('qr', 42)).toBeUndefined();
  });
});
