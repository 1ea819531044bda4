import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ActionKey, isUnsettledFailure, newIdempotencyKey } from '@/lib/idempotency';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('idempotency keys', () => {
  it('makes v4 UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4);
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('tells unsettled failures (retry with the same key) from settled ones', () => {
    expect(isUnsettledFailure(new ApiError('NETWORK_ERROR', 0))).toBe(true);
    expect(isUnsettledFailure(new ApiError('TIMEOUT', 0))).toBe(true);
    expect(isUnsettledFailure(new ApiError('INTERNAL_SERVER_ERROR', 500))).toBe(true);
    expect(isUnsettledFailure(new ApiError('REQUEST_LIMIT', 429))).toBe(true);
    expect(isUnsettledFailure(new ApiError('REQUEST_LIMIT', 409))).toBe(true);
    expect(isUnsettledFailure(new ApiError('MONEY_NOT_ENOUGH', 400))).toBe(false);
    expect(isUnsettledFailure(new ApiError('TRANSFER_FAIL', 409))).toBe(false);
  });

  it('reuses the key while the same action is retried, and starts a new one after it settles', () => {
    let n = 0;
    const key = new ActionKey(() => `key-${++n}`);
    const send = JSON.stringify(['transfer', { from: 'WALLET', to: 'PG', amount: 10 }]);

    expect(key.for(send)).toBe('key-1');
    key.settle(new ApiError('NETWORK_ERROR', 0));
    expect(key.for(send)).toBe('key-1');
    key.settle(new ApiError('INTERNAL_SERVER_ERROR', 503));
    expect(key.for(send)).toBe('key-1');

    // A settled refusal ends the action: pressing again is a new one.
    key.settle(new ApiError('MONEY_NOT_ENOUGH', 400));
    expect(key.for(send)).toBe('key-2');
    key.settle();
    expect(key.for(send)).toBe('key-3');

    // Changing what is sent is a different action.
    expect(key.for(JSON.stringify(['transfer', { from: 'WALLET', to: 'PG', amount: 11 }]))).toBe(
      'key-4',
    );
  });
});
